import Foundation
import Testing

@testable import IAPCore
@testable import IAPStorage
@testable import IAPFormats

/// What the server's writes add to the state (renewal-date extensions, mass
/// extensions, app account tokens, notifications without a transaction) is read back as
/// written, from the log and from the snapshot, and states written before them still load.
@Suite struct ExtensionRecordTests {
  let date = Timestamp(iso8601: "2026-01-15T10:00:00Z")!

  var subscription: Subscription {
    var latest = Transaction(
      id: 1, originalId: 1, productId: "pro", productType: .autoRenewable, state: .purchased, quantity: 1, purchaseDate: date,
      originalPurchaseDate: date, expirationDate: date, account: "a", device: "d", subscriptionGroup: "g")
    latest.appAccountToken = "7389a31a-fb6d-4569-a2a6-db7d85d84813"
    var s = Subscription(account: "a", group: "g", originalId: 1, originalPurchaseDate: date, latest: latest, period: .oneMonth)
    s.extensions = [RenewalExtension(requestIdentifier: "r1", days: 10, reasonCode: 1, date: date, effectiveDate: date)]
    return s
  }

  var mass: MassExtension {
    var m = MassExtension(requestIdentifier: "m1", productId: "pro", days: 3, reasonCode: 3, storefrontCountryCodes: ["USA"], date: date)
    m.succeededCount = 4
    m.failedCount = 1
    return m
  }

  @Test func logRecordsReadBackAsWritten() throws {
    let records: [LogRecord] = [.subscription(subscription), .massExtension(mass), .transaction(subscription.latest)]
    for record in records {
      let line = JSONWriter.compact(LogRecordCodec.encode(record))
      #expect(try LogRecordCodec.decode(try JSONParser.parse(line)) == record, "\(line)")
    }
  }

  @Test func notificationsWithoutATransactionReadBackAsWritten() throws {
    let notifications = [
      ServerNotification(type: .test, date: date, transaction: nil, bundleId: "com.example.app"),
      ServerNotification(type: .renewalExtension, subtype: .summary, date: date, transaction: nil, summary: mass, bundleId: "com.example.app"),
      ServerNotification(type: .renewalExtended, date: date, transaction: subscription.latest, subscription: subscription),
    ]
    for n in notifications {
      let line = JSONWriter.compact(NotificationRecord.encode(n, after: 0))
      #expect(try NotificationRecord.decode(try JSONParser.parse(line)) == n, "\(line)")
    }
  }

  @Test func theSnapshotKeepsMassExtensionsAndStatesBeforeThemStillLoad() throws {
    var state = StoreState()
    state.apply(.subscription(subscription))
    state.apply(.massExtension(mass))
    let json = SnapshotCodec.encode(state, offsets: SnapshotCodec.Offsets())
    let (decoded, _) = try SnapshotCodec.decode(bytes: Array(JSONWriter.compact(json).utf8))
    #expect(decoded == state)
    #expect(decoded.massExtensions[mass.key]?.succeededCount == 4)
    // A snapshot of a state without them has neither key, as snapshots written before them.
    let older = JSONWriter.compact(SnapshotCodec.encode(StoreState(), offsets: SnapshotCodec.Offsets()))
    #expect(!older.contains("massExtensions") && !older.contains("extensions"))
    #expect(try SnapshotCodec.decode(bytes: Array(older.utf8)).0 == StoreState())
  }
}

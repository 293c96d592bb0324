import Foundation
import Testing

@testable import IAPFormats
@testable import StoreKit

/// A store of its own for one StoreKit 1 test: a namespace of the process's store, selling
/// `catalog`, made current for the test's task (and so for the callbacks its calls cause),
/// and deleted afterwards.
enum SK1Fixture {
  /// Consumables, non-consumables and a subscription with offers.
  static let catalog = """
    <?xml version="1.0" encoding="UTF-8"?>
    <plist version="1.0"><dict><key>bundleId</key><string>com.example.sk1</string><key>products</key><array>
    \(product("com.example.sk1.gems", "consumable", "0.99"))
    \(product("com.example.sk1.sword", "nonConsumable", "4.99"))
    \(product("com.example.sk1.retired", "nonConsumable", "1.99", extra: "<key>clearedForSale</key><false/>"))
    \(product("com.example.sk1.pro.monthly", "autoRenewable", "9.99", extra: """
      <key>subscriptionGroup</key><string>pro</string><key>subscriptionPeriod</key><string>P1M</string>\
      <key>introductoryOffer</key><dict><key>paymentMode</key><string>free</string><key>period</key><string>P1W</string></dict>\
      <key>promotionalOffers</key><array><dict><key>id</key><string>half.price</string><key>paymentMode</key>\
      <string>payAsYouGo</string><key>period</key><string>P1M</string><key>numberOfPeriods</key><integer>3</integer>\
      <key>price</key><string>4.99</string></dict></array>
      """))
    </array></dict></plist>
    """

  static func product(_ id: String, _ type: String, _ price: String, extra: String = "") -> String {
    """
    <dict><key>id</key><string>\(id)</string><key>type</key><string>\(type)</string><key>title</key><string>Title of \(id)</string>\
    <key>description</key><string>About \(id)</string><key>price</key><string>\(price)</string>\(extra)</dict>
    """
  }

  /// Runs `body` with a new store of its own current, selling `catalog` (`TestStore.run`),
  /// `name` naming its namespace.
  static func withStore<T: Sendable>(
    _ name: String, isolation: isolated (any Actor)? = #isolation, _ body: (StoreConnection) async throws -> T
  ) async throws -> T {
    try await TestStore.run("sk1-" + name, catalog: catalog, body)
  }

  /// The ids of the store's unfinished transactions.
  static func unfinished(_ connection: StoreConnection) async throws -> [String] {
    try await connection.call("GET", "/transactions/unfinished")["transactions"]?.arrayValue?.compactMap { $0["id"]?.stringValue } ?? []
  }

  /// Waits (ten seconds at most) until `condition` holds, checking every 20 ms on the
  /// caller's actor.
  static func eventually(isolation: isolated (any Actor)? = #isolation, _ condition: () throws -> Bool) async throws -> Bool {
    let deadline = Date().addingTimeInterval(10)
    while Date() < deadline {
      if try condition() { return true }
      try await Task.sleep(nanoseconds: 20_000_000)
    }
    return try condition()
  }

  /// Whether the code running now is on the main queue (marked on first use).
  static var onMainQueue: Bool { DispatchQueue.getSpecific(key: mainKey) == true }
  private static let mainKey: DispatchSpecificKey<Bool> = {
    let key = DispatchSpecificKey<Bool>()
    DispatchQueue.main.setSpecific(key: key, value: true)
    return key
  }()
  /// Marks the main queue, before any callback can run.
  static func markMainQueue() { _ = mainKey }
}

import Foundation
import Testing

@testable import IAPCore
@testable import IAPStorage
@testable import IAPFormats

/// `store.json` is written a queued transaction at a time (`SnapshotCodec.encodeText`): it
/// must be the very text the whole tree gives, which older and newer readers parse alike.
@Suite struct SnapshotTextTests {
  func transaction(_ id: UInt64, _ product: String, _ type: ProductType, account: String, device: String, finished: Bool = false) -> Transaction {
    Transaction(
      id: id, originalId: id, productId: product, productType: type, state: .purchased, quantity: 1,
      purchaseDate: Timestamp(milliseconds: Int64(id) * 1000), originalPurchaseDate: Timestamp(milliseconds: Int64(id) * 1000),
      account: account, device: device, finished: finished)
  }

  @Test func theStreamedTextIsTheTreesText() throws {
    var state = StoreState()
    #expect(SnapshotCodec.encodeText(state, offsets: .init()) == Array((JSONWriter.compact(SnapshotCodec.encode(state, offsets: .init())) + "\n").utf8))
    state.apply(transaction(1, "gems", .consumable, account: "ann", device: "phone"))
    state.apply(transaction(2, "sword", .nonConsumable, account: "ann", device: "pad", finished: true))
    state.apply(transaction(3, "gems \"big\"", .consumable, account: "ann", device: "pad"))
    state.apply(transaction(4, "gems", .consumable, account: "bob", device: "phone"))
    state.apply(transaction(5, "sword", .nonConsumable, account: "bob", device: "phone"))
    state.apply(transaction(4, "gems", .consumable, account: "bob", device: "phone", finished: true))
    state.apply(.receiptUpdate("bob"))
    state.apply(.offerNonce("n1"))
    state.apply(.family(organizer: "ann", member: "bob", joined: true))
    let offsets = SnapshotCodec.Offsets(transactions: 1234, notifications: 56)
    let streamed = SnapshotCodec.encodeText(state, offsets: offsets)
    #expect(streamed == Array((JSONWriter.compact(SnapshotCodec.encode(state, offsets: offsets)) + "\n").utf8))
    let (decoded, back) = try SnapshotCodec.decode(bytes: streamed)
    #expect(decoded == state && back == offsets)
    #expect(decoded.accounts["ann"]?.queues["pad"]?.map(\.id) == [3])
  }

  /// Each account's dismissed messages and the App Store's own messages are kept in the
  /// snapshot, and their log records read back as written.
  @Test func dismissedMessagesSurviveTheSnapshotAndTheLog() throws {
    var state = StoreState()
    state.apply(transaction(1, "gems", .consumable, account: "ann", device: "phone"))
    let records: [LogRecord] = [
      .dismissMessages(account: "ann", ids: ["billingIssue/1/2", "a \"b\""]), .dismissMessages(account: "bob", ids: ["x"]),
      .appStoreMessage(account: "ann", id: "generic/1"), .appStoreMessage(account: "ann", id: "generic/2"),
    ]
    for record in records {
      state.apply(record)
      #expect(try LogRecordCodec.decode(LogRecordCodec.encode(record)) == record)
    }
    let text = SnapshotCodec.encodeText(state, offsets: .init())
    #expect(text == Array((JSONWriter.compact(SnapshotCodec.encode(state, offsets: .init())) + "\n").utf8))
    let (decoded, _) = try SnapshotCodec.decode(bytes: text)
    #expect(decoded == state)
    #expect(decoded.accounts["ann"]?.dismissedMessages == ["billingIssue/1/2", "a \"b\""])
    #expect(decoded.accounts["ann"]?.genericMessages == ["generic/1", "generic/2"])
  }

  /// Unreported external purchase tokens are kept in the snapshot, and their records (and
  /// the notification that carries one) read back as written.
  @Test func unreportedTokensSurviveTheSnapshotAndTheLog() throws {
    let token = ExternalPurchaseToken(
      externalPurchaseId: "SANDBOX_1", tokenCreationDate: Timestamp(milliseconds: 5), appAppleId: 7, bundleId: "com.example.app")
    var sent = ServerNotification(type: .externalPurchaseToken, subtype: .unreported, date: token.unreportedDate, transaction: nil, bundleId: "com.example.app")
    sent.externalPurchaseToken = token
    #expect(try NotificationRecord.decode(NotificationRecord.encode(sent, after: 0)) == sent)
    var state = StoreState()
    let other = ExternalPurchaseToken(externalPurchaseId: "2", tokenCreationDate: Timestamp(milliseconds: 9), appAppleId: nil, bundleId: "b")
    for record: LogRecord in [.externalPurchaseToken(token, pending: true), .externalPurchaseToken(other, pending: true)] {
      state.apply(record)
      #expect(try LogRecordCodec.decode(LogRecordCodec.encode(record)) == record)
    }
    let text = SnapshotCodec.encodeText(state, offsets: .init())
    #expect(text == Array((JSONWriter.compact(SnapshotCodec.encode(state, offsets: .init())) + "\n").utf8))
    let (decoded, _) = try SnapshotCodec.decode(bytes: text)
    #expect(decoded.unreportedTokens == [token, other])
    state.apply(.externalPurchaseToken(token, pending: false))
    #expect(state.unreportedTokens == [other])
  }

  /// A long queue is handed over in pieces of about `SnapshotCodec.pieceSize` bytes, never
  /// whole, and the pieces joined are the tree's text.
  @Test func aLongQueueIsWrittenInPieces() throws {
    var state = StoreState()
    for id in 1...1_000 { state.apply(transaction(UInt64(id), "gems", .consumable, account: "ann", device: "phone")) }
    var pieces: [[UInt8]] = []
    SnapshotCodec.writeText(state, offsets: .init()) { (piece: [UInt8]) -> Void in pieces.append(piece) }
    let whole = Array((JSONWriter.compact(SnapshotCodec.encode(state, offsets: .init())) + "\n").utf8)
    #expect(pieces.count >= whole.count / SnapshotCodec.pieceSize)
    #expect(pieces.count > 1 && pieces.allSatisfy { $0.count < SnapshotCodec.pieceSize + 2_048 })
    #expect(Array(pieces.joined()) == whole)
  }

  /// `store.json` read with its queues streamed (`SnapshotCodec.decode(bytes:)`) is the
  /// state that was written; an array where only queues may lie is refused, not misread.
  @Test func readingWithTheQueuesStreamedGivesTheSameState() throws {
    var state = StoreState()
    for id in 1...50 { state.apply(transaction(UInt64(id), "gems", .consumable, account: id % 3 == 0 ? "bob" : "ann", device: id % 2 == 0 ? "pad" : "phone")) }
    state.apply(transaction(60, "sword", .nonConsumable, account: "cy", device: "phone", finished: true))
    state.apply(transaction(61, "gems", .consumable, account: "dee", device: "phone"))
    state.apply(transaction(61, "gems", .consumable, account: "dee", device: "phone", finished: true))  // an empty queue
    state.apply(.family(organizer: "ann", member: "bob", joined: true))
    let offsets = SnapshotCodec.Offsets(transactions: 99, notifications: 7)
    let text = SnapshotCodec.encodeText(state, offsets: offsets)
    let (streamed, back) = try SnapshotCodec.decode(bytes: text)
    #expect(streamed == state && back == offsets)
    #expect(streamed.accounts["ann"]?.queues["pad"]?.map(\.id) == [2, 4, 8, 10, 14, 16, 20, 22, 26, 28, 32, 34, 38, 40, 44, 46, 50])
    // An array at the queues' level that is not a queue.
    let odd = String(decoding: text, as: UTF8.self).replacingOccurrences(of: #""cy":{"queues":{}"#, with: #""cy":{"other":{"x":[1]},"queues":{}"#)
    #expect(odd != String(decoding: text, as: UTF8.self))
    #expect(throws: SnapshotCodec.Problem.self) { try SnapshotCodec.decode(bytes: Array(odd.utf8)) }
  }
}

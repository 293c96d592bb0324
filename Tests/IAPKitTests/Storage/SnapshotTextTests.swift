import Testing

@testable import IAPCore
@testable import IAPKit

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
    let (decoded, back) = try SnapshotCodec.decode(try JSONParser.parse(streamed))
    #expect(decoded == state && back == offsets)
    #expect(decoded.accounts["ann"]?.queues["pad"]?.map(\.id) == [3])
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
}

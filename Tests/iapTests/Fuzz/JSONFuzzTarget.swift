import FoundationEssentials
// Compiled twice: into iapTests, where FuzzRegressionTests replays the inputs that once
// failed and the seed corpus (`swift test`), and by scripts/fuzz into one module with every
// source (-D IAP_FUZZ_BUILD), where libFuzzer drives it; there the sources are that module.
#if !IAP_FUZZ_BUILD
  @testable import IAPCLI
  @testable import IAPCore
  @testable import IAPFormats
  @testable import IAPHTTP
  @testable import IAPKit
  @testable import IAPServer
  @testable import IAPStorage
#endif

/// Fuzzes `JSONParser` and the state-file decoders that read what it returns.
///
/// Invariants: what parses writes back (compact and pretty) to text that parses to the same
/// value; a decoded transaction record or snapshot can be folded into a `StoreState` and
/// encoded again without a trap; `RecordPeek` reads a transaction record as iap writes it as
/// the parser does; `TransactionRecordReader` reads any bytes as the parser and the general
/// decoder do, or leaves them to them.
enum JSONFuzzTarget {
  static func run(_ bytes: [UInt8]) {
    if let read = TransactionRecordReader.transaction(bytes[...]) {
      guard let parsed = try? JSONParser.parse(bytes), let general = try? TransactionRecord.decode(parsed), general == read else {
        fatalError("TransactionRecordReader disagrees with the general decoder on \(String(decoding: bytes, as: UTF8.self))")
      }
    }
    guard let value = try? JSONParser.parse(bytes) else { return }
    for text in [JSONWriter.compact(value), JSONWriter.pretty(value)] {
      guard let again = try? JSONParser.parse(text) else { fatalError("written JSON does not parse: \(text)") }
      guard again == value else { fatalError("JSON round trip changed the value: \(text)") }
    }
    if let transaction = try? TransactionRecord.decode(value) {
      var state = StoreState()
      state.apply(transaction)
      // The index's quick look at a record as iap writes it agrees with the parser.
      let written = Array(JSONWriter.compact(TransactionRecord.encode(transaction)).utf8)
      switch RecordPeek.peek(written[...]) {
      case let .transaction(id, account, deleted):
        guard id == transaction.id, account == transaction.account, deleted == transaction.deleted else {
          fatalError("RecordPeek disagrees with the parser on \(String(decoding: written, as: UTF8.self))")
        }
      case .otherEvent: fatalError("RecordPeek took a transaction for an event")
      case .decode: break
      }
      _ = TransactionView.lines([transaction], showFinished: true)
    }
    if let (state, offset) = try? SnapshotCodec.decode(bytes: bytes) {
      let encoded = SnapshotCodec.encodeText(state, offsets: offset)
      guard let (again, _) = try? SnapshotCodec.decode(bytes: encoded), again == state else {
        fatalError("snapshot round trip changed the state")
      }
      var store = Store(state: state, account: "default", device: "default")
      // What the snapshot holds of the history: each owned product's and subscription's latest.
      let history = state.accounts.values.flatMap { $0.ownership.values.map(\.latest) + $0.subscriptions.values.map(\.latest) }
      _ = store.restore(from: history, now: Timestamp(milliseconds: 0))
      _ = store.buy(
        productId: "p", product: Product(id: "p", type: .consumable, title: "t", description: "d", price: 1),
        quantity: 1, applicationUsername: nil, finish: false, now: Timestamp(milliseconds: 0))
    }
  }
}

import Foundation
import Testing

@testable import IAPCore
@testable import IAPStorage
@testable import IAPFormats

/// `history`'s quick reader of transaction records gives exactly what the general
/// decoder gives, or leaves the record to it.
@Suite struct TransactionRecordReaderTests {
  /// A small seeded generator, so that a failure can be replayed.
  struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return z ^ (z >> 31)
    }
  }

  /// Strings plain and awkward: escapes the writer makes, non-ASCII, empty.
  static let plainTexts = ["a", "com.example.sword", "alice", "", "0.99", "USD", "P1W", "x y", "é", "🗡️ sword", "ключ"]
  static let awkwardTexts = [#"say "hi""#, #"back\slash"#, "line\nbreak", "tab\there", "\u{1}", "/slash", "\u{7F}"]

  /// A transaction with each field set or not at random; `awkward` lets strings need escapes.
  static func transaction(_ rng: inout SplitMix, awkward: Bool) -> Transaction {
    let texts = awkward ? plainTexts + awkwardTexts : plainTexts
    func text() -> String { texts.randomElement(using: &rng)! }
    func maybe<T>(_ value: @autoclosure () -> T) -> T? { Bool.random(using: &rng) ? value() : nil }
    func date() -> Timestamp { Timestamp(milliseconds: Int64.random(in: -62_167_219_200_000...253_402_300_799_999, using: &rng)) }
    let state = TransactionState.allCases.randomElement(using: &rng)!
    var t = Transaction(
      id: UInt64.random(in: 0..<TransactionRecord.idLimit, using: &rng), originalId: UInt64.random(in: 0...1_000_000, using: &rng),
      productId: text(), productType: maybe(ProductType.allCases.randomElement(using: &rng)!), state: state,
      quantity: state == .failed ? Int.random(in: -5...50, using: &rng) : Int.random(in: 1...10, using: &rng),
      purchaseDate: date(), originalPurchaseDate: date(), expirationDate: maybe(date()), revocationDate: maybe(date()),
      revocationReason: maybe(RevocationReason.allCases.randomElement(using: &rng)!), applicationUsername: maybe(text()),
      error: maybe(StoreError(.paymentCancelled, text())), account: text(), device: text(),
      finished: Bool.random(using: &rng), purchaseIssue: Bool.random(using: &rng), deleted: Bool.random(using: &rng),
      subscriptionGroup: maybe(text()), isRenewal: Bool.random(using: &rng), isUpgraded: Bool.random(using: &rng),
      bundleId: maybe(text()), storefront: maybe(text()), price: maybe(text()), currency: maybe(text()),
      finishedAtReceiptUpdate: maybe(Int.random(in: 0...1000, using: &rng)), offerDiscountType: maybe(OfferDiscountType.allCases.randomElement(using: &rng)!),
      offerPeriod: maybe(text()))
    t.offerIdentifier = maybe(text())
    t.hasDownloads = Bool.random(using: &rng)
    t.appAccountToken = maybe(text())
    if Int.random(in: 0..<4, using: &rng) == 0 {
      t.refundRequest = RefundRequest(
        date: date(), reason: ConsumptionRequestReason.allCases.randomElement(using: &rng)!,
        status: RefundRequestStatus.allCases.randomElement(using: &rng)!)
    }
    t.refundReversalDate = maybe(date())
    t.familySharedFrom = maybe(UInt64.random(in: 0..<TransactionRecord.idLimit, using: &rng))
    t.revocationPercentage = maybe(Int.random(in: 1...99_999, using: &rng))
    return t
  }

  /// The record's line as the log holds it (checksum included, newline not).
  static func line(_ t: Transaction) -> ArraySlice<UInt8> {
    Array(RecordLine.encode(LogRecordCodec.encode(.transaction(t))).utf8.dropLast())[...]
  }

  /// What the general way makes of `line`, or nil where it refuses.
  static func general(_ line: ArraySlice<UInt8>) -> Transaction? {
    guard case let .transaction(t)? = try? RecordLine.decode(line, at: 0, path: "log", LogRecordCodec.decode) else { return nil }
    return t
  }

  @Test func readsEveryFieldAsTheGeneralDecoderDoes() {
    var rng = SplitMix(state: 12)
    var quick = 0
    for n in 0..<3000 {
      let t = Self.transaction(&rng, awkward: n % 2 == 1)
      let line = Self.line(t)
      #expect(Self.general(line) == t, "the general decoder reads back what was written")
      guard let read = TransactionRecordReader.transaction(line) else {
        // Only what the reader leaves by design: a nested member or a string with escapes.
        let plain = t.error == nil && t.refundRequest == nil && !line.contains(UInt8(ascii: "\\"))
        #expect(!plain, "a plain record was left to the general decoder: \(String(decoding: line, as: UTF8.self))")
        continue
      }
      quick += 1
      #expect(read == t, "misread: \(String(decoding: line, as: UTF8.self))")
    }
    #expect(quick > 300, "the quick path is taken")
  }

  /// The century state's records, as the renewals write them.
  @Test func readsARenewal() throws {
    let text = #"{"id":"104360","originalId":"20","productId":"com.example.weekly.s19","productType":"autoRenewable","state":"purchased","quantity":1,"purchaseDate":4919875200000,"originalPurchaseDate":1767225600000,"expirationDate":4920480000000,"revocationDate":null,"applicationUsername":null,"error":null,"account":"default","device":"default","finished":true,"subscriptionGroup":"group19","isRenewal":true,"bundleId":"com.example.weekly","storefront":"USA","price":"0.99","currency":"USD"}"#
    let line = Array(RecordLine.encode(try JSONParser.parse(text)).utf8.dropLast())[...]
    let read = try #require(TransactionRecordReader.transaction(line))
    #expect(read == Self.general(line))
    #expect(read.id == 104_360 && read.originalId == 20 && read.isRenewal && read.finished && read.price == "0.99")
    #expect(read.expirationDate == Timestamp(milliseconds: 4_920_480_000_000) && read.revocationDate == nil)
  }

  /// Whatever the bytes, the reader gives nil or what the general decoder gives; never a
  /// record the general decoder refuses.
  @Test func damagedOrForeignRecordsAreLeftToTheGeneralDecoder() {
    let base = #"{"id":"7","originalId":"7","productId":"p","productType":"consumable","state":"purchased","quantity":1,"purchaseDate":5,"originalPurchaseDate":5,"expirationDate":null,"revocationDate":null,"applicationUsername":null,"error":null,"account":"a","device":"d","finished":false}"#
    func with(_ old: String, _ new: String) -> String { base.replacingOccurrences(of: old, with: new) }
    let variants: [String] = [
      with(#""quantity":1"#, #""quantity":1,"quantity":2"#),  // repeated key
      with(#""finished":false"#, #""finished":false,"color":"red""#),  // unknown key
      with(#","device""#, #", "device""#),  // whitespace
      with(#""purchaseDate":5"#, #""purchaseDate":5.0"#),
      with(#""purchaseDate":5"#, #""purchaseDate":5e0"#),
      with(#""purchaseDate":5"#, #""purchaseDate":05"#),
      with(#""purchaseDate":5"#, #""purchaseDate":99999999999999999999"#),
      with(#""purchaseDate":5"#, #""purchaseDate":"5""#),
      with(#""quantity":1"#, #""quantity":11"#),
      with(#""quantity":1"#, #""quantity":true"#),
      with(#""state":"purchased""#, #""state":"bought""#),
      with(#""productType":"consumable""#, #""productType":"gift""#),
      with(#""productType":"consumable""#, #""productType":3"#),
      with(#""id":"7""#, #""id":"+7""#),
      with(#""id":"7""#, #""id":"9223372036854775808""#),
      with(#""id":"7""#, #""id":"""#),
      with(#""id":"7""#, #""id":7"#),
      with(#","finished":false"#, ""),
      with(#""finished":false"#, #""finished":null"#),
      with(#""finished":false"#, #""finished":false,"deleted":1"#),
      with(#""finished":false"#, #""finished":false,"familySharedFrom":null"#),
      with(#""finished":false"#, #""finished":false,"familySharedFrom":"x""#),
      with(#""finished":false"#, #""finished":false,"finishedAtReceiptUpdate":"1""#),
      with(#""finished":false"#, #""finished":false,"revocationReason":"ANGRY""#),
      with(#""error":null"#, #""error":{"code":2,"message":"m"}"#),
      with(#""id":"7""#, #""event":"clear","id":"7""#),
      with(#""account":"a""#, #""account":"a\u0062""#),
      with(#""account":"a""#, #""account":nul"#),
      base + " ", base + "x", String(base.dropLast()), "{}", "[]", "",
    ]
    for variant in variants {
      let line = Array(variant.utf8)[...]
      let read = TransactionRecordReader.transaction(line)
      #expect(read == nil || read == (try? TransactionRecord.decode(try JSONParser.parse(Array(line)))), "\(variant)")
    }
    // Invalid UTF-8 in a string: the general parser refuses it, and so must the reader.
    var bad = Array(base.utf8)
    bad[bad.firstIndex(of: UInt8(ascii: "p"))!] = 0xFF
    #expect(TransactionRecordReader.transaction(bad[...]) == nil)
    #expect(TransactionRecordReader.transaction(Array(base.utf8)[...]) != nil, "the base itself is read")
  }

  /// Receipt updates as iap writes them are read; anything else is left to the general
  /// decoder, and what is read is what that decoder gives.
  @Test func receiptUpdatesAreReadAsTheGeneralDecoderReadsThem() {
    for account in Self.plainTexts + Self.awkwardTexts {
      let written = RecordLine.encode(LogRecordCodec.encode(.receiptUpdate(account)))
      let line = Array(written.utf8.dropLast())[...]  // without its newline
      let general = try? LogRecordCodec.decode(JSONParser.parse(Array(line)))
      #expect(general == .receiptUpdate(account))
      let read = TransactionRecordReader.receiptUpdateAccount(line)
      #expect(read.map(LogRecord.receiptUpdate) == general || read == nil, "\(written)")
      if Self.plainTexts.contains(account) { #expect(read == account, "a plain account is read: \(written)") }
    }
    let base = #"{"event":"receiptUpdate","account":"a","crc":123}"#
    let variants = [
      #"{"event":"receiptUpdate","account":"a","crc":123,"x":1}"#, #"{"event":"receiptUpdate","account":"a"}"#,
      #"{"event":"receiptUpdate", "account":"a","crc":123}"#, #"{"event":"receiptUpdate","account":"a\u0062","crc":123}"#,
      #"{"event":"receiptUpdate","account":"a","crc":1.5}"#, #"{"event":"clear","account":"a","crc":123}"#,
      #"{"event":"receiptUpdate","account":null,"crc":123}"#, base + " ", String(base.dropLast()),
    ]
    for variant in variants { #expect(TransactionRecordReader.receiptUpdateAccount(Array(variant.utf8)[...]) == nil, "\(variant)") }
    var bad = Array(base.utf8)
    bad[bad.lastIndex(of: UInt8(ascii: "a"))!] = 0xFF
    #expect(TransactionRecordReader.receiptUpdateAccount(bad[...]) == nil, "invalid UTF-8 is the general parser's to refuse")
    #expect(TransactionRecordReader.receiptUpdateAccount(Array(base.utf8)[...]) == "a")
  }

  /// Random damage to records as iap writes them: the reader never disagrees with the
  /// general decoder (the checksum is left out of it, as the reader comes after it).
  @Test func randomDamageNeverMisreads() {
    var rng = SplitMix(state: 99)
    let alphabet = Array(#"{}[]",:0123456789-.eE\ntrufalsu"#.utf8) + [0x00, 0x7F, 0xC3, 0xFF]
    for n in 0..<3000 {
      var bytes = Array(JSONWriter.compact(TransactionRecord.encode(Self.transaction(&rng, awkward: n % 3 == 0))).utf8)
      for _ in 0..<Int.random(in: 1...3, using: &rng) {
        let at = Int.random(in: 0..<bytes.count, using: &rng)
        switch Int.random(in: 0..<3, using: &rng) {
        case 0: bytes[at] = alphabet.randomElement(using: &rng)!
        case 1: bytes.remove(at: at)
        default: bytes.insert(alphabet.randomElement(using: &rng)!, at: at)
        }
      }
      guard let read = TransactionRecordReader.transaction(bytes[...]) else { continue }
      let general = try? TransactionRecord.decode(try JSONParser.parse(bytes))
      #expect(read == general, "misread: \(String(decoding: bytes, as: UTF8.self))")
    }
  }
}

import Testing

@testable import IAPFormats
@testable import IAPStorage

/// `history.index`'s file as bytes: what `decode` makes of a file it did not write.
@Suite struct HistoryIndexCodecTests {
  /// A file made to pass the checksum but holding absurd numbers (counts, offsets near the
  /// top of 64 bits) is refused, never a trap.
  @Test func aCraftedIndexIsRefusedWithoutATrap() {
    let index = HistoryIndex(
      device: 1, inode: 2, end: 1000, last: (offset: 900, length: 99, crc: 7),
      latest: [5: (offset: 10, length: 20, account: "a", deleted: false), 6: (offset: 40, length: 20, account: "b", deleted: true)])
    let good = index.encode()
    let decoded = HistoryIndex.decode(good)
    #expect(decoded?.latest.count == 2 && decoded?.latest[6]?.deleted == true && decoded?.latest[5]?.account == "a")
    func resealed(_ bytes: [UInt8]) -> [UInt8] {
      var body = Array(bytes.dropLast(4))
      withUnsafeBytes(of: CRC32.checksum(body).littleEndian) { body.append(contentsOf: $0) }
      return body
    }
    var rng = TransactionRecordReaderTests.SplitMix(state: 77)
    for _ in 0..<5000 {
      var bytes = good
      for _ in 0..<Int.random(in: 1...4, using: &rng) {
        let at = Int.random(in: HistoryIndex.magic.count..<(bytes.count - 4), using: &rng)
        bytes[at] = [0x00, 0xFF, 0x7F, 0x80, UInt8.random(in: 0...255, using: &rng)].randomElement(using: &rng)!
      }
      _ = HistoryIndex.decode(resealed(bytes))
      _ = HistoryIndex.decode(Array(resealed(bytes).prefix(Int.random(in: 0...bytes.count, using: &rng))))
    }
    // An entry's offset at the top of 64 bits.
    var far = good
    let entries = far.count - 4 - 2 * 24
    for i in 8..<16 { far[entries + i] = 0xFF }
    #expect(HistoryIndex.decode(resealed(far)) == nil)
  }
}

import Foundation
import Testing
@testable import IAPFormats

/// The checksum every log record carries, by which damage to the log is found.
@Suite struct CRC32Tests {
  /// The standard check value of CRC-32/ISO-HDLC, and the empty input.
  @Test func matchesThePublishedCheckValues() {
    #expect(CRC32.checksum(Array("123456789".utf8)) == 0xCBF4_3926)
    #expect(CRC32.checksum([UInt8]()) == 0)
    #expect([UInt8]("56789".utf8).withUnsafeBytes { CRC32.update(CRC32.checksum(Array("1234".utf8)), $0) } == 0xCBF4_3926, "continued")
    #expect(CRC32.checksum(Array("The quick brown fox jumps over the lazy dog".utf8)) == 0x414F_A339)
  }

  /// The tables written out in CRC32+Tables.swift are the ones the polynomial defines.
  @Test func theWrittenTablesAreTheComputedOnes() {
    #expect(CRC32.slices.count == 8 * 256)
    #expect(CRC32.slices == CRC32.computedSlices())
  }

  /// Long buffers go eight bytes at a time: the same checksum as byte by byte (zlib's value
  /// for these 1,003 bytes, from Python's `zlib.crc32`), whatever the length's remainder.
  @Test func eightAtATimeAgreesWithByteByByte() {
    let bytes: [UInt8] = (0..<1003).map { (i: Int) -> UInt8 in UInt8((i * 7 + 3) % 256) }
    #expect(CRC32.checksum(bytes) == 0x25A6_0A70)
    for length in [256, 257, 263, 264, 1003] {
      var chained: UInt32 = 0
      for start in stride(from: 0, to: length, by: 100) {
        chained = bytes[start..<min(start + 100, length)].withUnsafeBytes { CRC32.update(chained, $0) }
      }
      #expect(CRC32.checksum(bytes[0..<length]) == chained, "length \(length)")
    }
  }

  /// Cross-checked against zlib (through Python) where python3 is installed.
  @Test func agreesWithZlib() throws {
    let inputs = ["", "a", "iap", String(repeating: "0123456789abcdef", count: 100), "{\"id\":\"1\",\"é\":true}"]
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", "-c", "import sys, zlib\nfor line in sys.stdin.read().split('\\x1e'): print(zlib.crc32(line.encode()))"]
    let input = Pipe()
    let output = Pipe()
    process.standardInput = input
    process.standardOutput = output
    do { try process.run() } catch { return }  // no python3: the published vectors stand alone
    input.fileHandleForWriting.write(Data(inputs.joined(separator: "\u{1E}").utf8))
    try input.fileHandleForWriting.close()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { return }
    let expected = text.split(separator: "\n").map { UInt32($0)! }
    #expect(expected == inputs.map { CRC32.checksum(Array($0.utf8)) })
  }
}

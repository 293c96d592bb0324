import Foundation
import Testing

@testable import IAPFormats
@testable import IAPStorage

/// A log record's line ends with the CRC-32 of what comes before it (`RecordLine`).
@Suite struct RecordLineTests {
  @Test func aRecordLineCarriesItsChecksumAndIsCheckedWithoutReencoding() {
    let line = RecordLine.encode(.object([("id", .string("1")), ("quantity", .int(1))]))
    #expect(line.hasPrefix(#"{"id":"1","quantity":1,"crc":"#))
    let bytes = Array(line.utf8.dropLast())
    #expect(RecordLine.isIntact(bytes[...]))
    var flipped = bytes
    flipped[3] = UInt8(ascii: "X")
    #expect(!RecordLine.isIntact(flipped[...]))
    #expect(RecordLine.isIntact(Array(#"{"id":"1"}"#.utf8)[...]), "records written before checksums")
    #expect(!RecordLine.isIntact(Array(#"{"id":"1","crc":1,"x":2}"#.utf8)[...]), "a checksum out of place is damage")
    #expect(!RecordLine.isIntact(Array(#"{"id":"1","crc":99999999999}"#.utf8)[...]))
  }
}

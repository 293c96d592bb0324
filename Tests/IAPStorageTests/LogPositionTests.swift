import Foundation
import Testing

@testable import IAPStorage

/// An update stream's event ids: written and read back, and nothing else read as one.
@Suite struct LogPositionTests {
  @Test func anIdReadsBackAsItsPosition() {
    let position = LogPosition(generation: 0xdead_beef, offset: 1_234, previous: 7)
    #expect(position.description == "deadbeef-1234-7")
    #expect(LogPosition(position.description) == position)
    #expect(LogPosition.start.description == "0-0-0")
  }

  @Test(arguments: ["", "1", "1-2", "1-2-3-4", "x-1-1", "1--1-1", "1-x-1", "1-1-", "-1-1", "100000000-1-1", "1-99999999999999999999999-1"])
  func whatIsNoIdReadsAsNone(text: String) {
    #expect(LogPosition(text) == nil)
  }

  @Test func aTailIsTheRecordsOwnEnd() {
    let record = Array(#"{"id":1,"crc":123}"#.utf8)
    let tail = LogPosition.tailChecksum(record: record[...])
    // The same record read back from the bytes before the position, after another record.
    #expect(LogPosition.tailChecksum(before: (Array("{}\n".utf8) + record + [0x0A])[...]) == tail)
    #expect(LogPosition.tailChecksum(before: record[...]) == nil, "no newline: no record ends there")
  }
}

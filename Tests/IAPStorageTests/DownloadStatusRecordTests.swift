import Foundation
import Testing

@testable import IAPCore
@testable import IAPStorage
@testable import IAPFormats

@Suite struct DownloadStatusRecordTests {
  let status = DownloadStatus(
    productId: "levels", transactionId: 12_345_678_901_234, account: "amy", device: "ipad", content: "content/levels",
    state: .failed, bytes: 7,
    entries: [ContentEntry(path: "sub", isDirectory: true), ContentEntry(path: "sub/a.bin", size: 10, sha256: String(repeating: "ab", count: 32))],
    error: "the network connection was lost", pid: 4242)

  @Test func roundTripsEveryField() throws {
    let json = DownloadStatusRecord.encode(status)
    #expect(try DownloadStatusRecord.decode(json) == status)
    #expect(json["transactionId"] == .string("12345678901234"), "ids are strings, as in the log")
    #expect(json["total"] == .int(10))
    var bare = status
    bare.error = nil
    bare.pid = nil
    #expect(try DownloadStatusRecord.decode(DownloadStatusRecord.encode(bare)) == bare)
  }

  @Test func isOneCompactLine() {
    let text = JSONWriter.compact(DownloadStatusRecord.encode(status))
    #expect(text.hasPrefix("{\"format\":1,\"productId\":\"levels\",\"transactionId\":\"12345678901234\","))
    #expect(!text.contains("\n"))
  }

  @Test func aDamagedRecordNamesTheField() throws {
    func field(_ edit: (inout [(String, JSONValue)]) -> Void) -> String? {
      var members = DownloadStatusRecord.encode(status).objectValue!
      edit(&members)
      do {
        _ = try DownloadStatusRecord.decode(.object(members))
        return nil
      } catch {
        return error.field
      }
    }
    func set(_ key: String, _ value: JSONValue) -> (inout [(String, JSONValue)]) -> Void {
      { members in members = members.map { $0.0 == key ? (key, value) : $0 } }
    }
    #expect(field(set("format", .int(99))) == "format")
    #expect(field(set("state", .string("sleeping"))) == "state")
    #expect(field(set("bytes", .int(11))) == "bytes", "more bytes than the content has")
    #expect(field(set("bytes", .int(-1))) == "bytes")
    #expect(field(set("transactionId", .int(1))) == "transactionId")
    // A tampered entry may not lead the copy out of its folder.
    #expect(field(set("entries", .array([.object([("path", .string("../x")), ("size", .int(1)), ("sha256", .string(String(repeating: "0", count: 64)))])]))) == "entries.path")
    #expect(field(set("pid", .string("me"))) == "pid")
  }
}

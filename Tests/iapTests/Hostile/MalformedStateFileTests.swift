import Foundation
import IAPTesting
import Testing

/// A state file iap cannot read stops every command with 74 and a one-line reason, and is
/// never overwritten: store.json and transactions.log stay byte for byte as they were.
@Suite struct MalformedStateFileTests {
  /// How the state was damaged after one purchase of the rocket car.
  enum Damage: String, CaseIterable, Sendable {
    case truncated = "store.json truncated"
    case randomBytes = "store.json is random bytes"
    case wrongTypes = "store.json with wrong types"
    case futureFormat = "store.json from a future format"
    case deep = "store.json nested 100,000 deep"
    case nextIdBeyond64Bits = "nextId beyond 2^64"
    case nextIdMax = "nextId 2^64-1"
    case coversMoreLog = "store.json covering more log than there is"
    case idMaxBeyondTheSnapshot = "a log record beyond store.json with id 2^64-1"
    case completeRecordWithIdMax = "a complete record with id 2^64-1 to replay"
    case garbageRecord = "a garbage record to replay"
    case folder = "store.json is a folder"

    /// What the error says: damage found in a log record names its byte; other unreadable
    /// files say they were left untouched.
    var message: String {
      switch self {
      case .idMaxBeyondTheSnapshot, .completeRecordWithIdMax, .garbageRecord: "is damaged at byte"
      default: "it was left untouched"
      }
    }

    /// Damages the state in `harness`, whose good files are `json` and `log`.
    func plant(in harness: TestHarness, json: String, log: String) {
      switch self {
      case .truncated: harness.write(".iap/store.json", String(json.prefix(40)))
      case .randomBytes: harness.write(".iap/store.json", bytes: (0..<3000).map { _ in UInt8.random(in: 0...255) })
      case .wrongTypes: harness.write(".iap/store.json", #"{"format":1,"logOffset":"all","nextId":"2","accounts":{}}"#)
      case .futureFormat: harness.write(".iap/store.json", #"{"format":7,"logOffset":0,"nextId":"1","accounts":{}}"#)
      case .deep: harness.write(".iap/store.json", String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000) + "\n")
      case .nextIdBeyond64Bits: harness.write(".iap/store.json", json.replacingOccurrences(of: #""nextId":"2""#, with: #""nextId":"99999999999999999999999""#))
      case .nextIdMax: harness.write(".iap/store.json", json.replacingOccurrences(of: #""nextId":"2""#, with: #""nextId":"18446744073709551615""#))
      case .coversMoreLog:
        harness.write(".iap/store.json", json.replacing(#/"logOffset":\d+/#, with: #""logOffset":1000000"#))
      case .idMaxBeyondTheSnapshot: harness.write(".iap/transactions.log", log + #"{"id":"18446744073709551615"}"# + "\n")
      case .completeRecordWithIdMax:
        // The first transaction record (the log also holds store events).
        let record = log.split(separator: "\n").first { $0.contains(#""id":"1""#) } ?? ""
        harness.write(".iap/transactions.log", log + record.replacingOccurrences(of: #""id":"1""#, with: #""id":"18446744073709551615""#) + "\n")
      case .garbageRecord: harness.write(".iap/transactions.log", log + "not json\n")
      case .folder:
        try? FileManager.default.removeItem(atPath: harness.directory + "/.iap/store.json")
        harness.makeFolder(".iap/store.json")
      }
    }
  }

  static let commands = ["queue", "buy com.example.fakegame.extra_lives", "finish 1", "finish --all", "restore", "history"]

  @Test(arguments: Damage.allCases)
  func everyCommandIsRefusedAndTheFilesAreLeftAsTheyWere(_ damage: Damage) throws {
    let harness = TestHarness.game()
    #expect(harness.run("buy com.example.fakegame.rocket_car").status == 0)
    let json = try #require(harness.read(".iap/store.json"))
    let log = try #require(harness.read(".iap/transactions.log"))
    #expect(json.contains(#""nextId":"2""#))
    damage.plant(in: harness, json: json, log: log)
    let before = (harness.bytes(".iap/store.json"), harness.bytes(".iap/transactions.log"))
    for command in Self.commands {
      let result = harness.run(command)
      result.expectCleanFailure(74, "\(damage.rawValue): \(command)")
      #expect(result.stderr.contains(damage.message), "\(damage.rawValue): \(command): \(result.stderr)")
    }
    #expect(harness.bytes(".iap/store.json") == before.0, "store.json was changed")
    #expect(harness.bytes(".iap/transactions.log") == before.1, "transactions.log was changed")

    // Whole again (and the mark of damage gone, as the doctor's repair would leave it).
    try? FileManager.default.removeItem(atPath: harness.directory + "/.iap/store.json")
    harness.write(".iap/store.json", json)
    harness.write(".iap/transactions.log", log)
    try? FileManager.default.removeItem(atPath: harness.directory + "/.iap/damaged")
    let queue = harness.run("queue")
    #expect(queue.status == 0, "\(queue.stderr)")
    #expect(queue.stdout.contains("#1  purchased  com.example.fakegame.rocket_car"))
  }
}

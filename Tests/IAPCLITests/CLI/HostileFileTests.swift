import Foundation
import IAPTesting
import Testing

@testable import IAPCLI

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What stands where a state file or an input should be, seen through commands: a hard link
/// or a FIFO planted in the state folder, a device or a folder named as input. Each is
/// refused with a message that names it, and nothing outside is written.
@Suite struct HostileFileTests {
  let harness = TestHarness()
  var state: String { harness.directory + "/.iap" }
  var outside: String { harness.directory + "/outside" }

  init() { harness.writeFile("outside", "keep me") }

  var outsideText: String { (try? String(contentsOfFile: outside, encoding: .utf8)) ?? "" }

  @Test func aHardLinkPlantedAsALogIsRefused() throws {
    #expect(harness.run("buy gems").status == 0)
    try FileManager.default.removeItem(atPath: state + "/transactions.log")
    try FileManager.default.linkItem(atPath: outside, toPath: state + "/transactions.log")
    let buy = harness.run("buy sword")
    #expect(buy.status == 74)
    #expect(buy.stderr.contains("transactions.log has other hard links, and iap writes only to files of its own"), "\(buy.stderr)")
    #expect(outsideText == "keep me")
  }

  @Test func aFIFOPlantedAsAStateFileDoesNotHang() throws {
    #expect(harness.run("buy gems").status == 0)
    try FileManager.default.removeItem(atPath: state + "/store.json")
    #expect(mkfifo(state + "/store.json", 0o600) == 0)
    let queue = harness.run("queue")
    #expect(queue.status == 74)
    #expect(queue.stderr.contains("store.json is not a regular file"), "\(queue.stderr)")
  }

  @Test(arguments: [
    ("--catalog /dev/zero products list", Int32(66), "error: /dev/zero: is a device, not a file"),
    ("products fetch --ids-from /dev/zero", 66, "error: /dev/zero: is a device, not a file"),
    ("receipt verify --data /dev/zero", 66, "error: /dev/zero: is a device, not a file"),
    ("--catalog . products list", 66, "error: .: is a folder, not a file"),
  ])
  func commandsRefuseADeviceAsInput(_ line: String, _ status: Int32, _ message: String) {
    let result = harness.run(line)
    #expect(result.status == status)
    #expect(result.stderr == message + "\n")
  }
}

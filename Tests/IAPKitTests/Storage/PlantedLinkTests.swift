import Foundation
import IAPTesting
import Testing

@testable import IAPCore
@testable import IAPKit
@testable import IAPSystem

/// Links planted in the state folder (for a log, a temporary name, the folder itself, or
/// its download folders) never make iap write outside it.
@Suite struct PlantedLinkTests {
  let harness = TestHarness()
  var state: String { harness.directory + "/.iap" }
  var outside: String { harness.directory + "/outside" }

  init() {
    harness.writeFile("outside", "keep me")
  }

  func link(_ name: String) {
    try? FileManager.default.removeItem(atPath: state + "/" + name)
    try! FileManager.default.createSymbolicLink(atPath: state + "/" + name, withDestinationPath: outside)
  }

  var outsideText: String { (try? String(contentsOfFile: outside, encoding: .utf8)) ?? "" }

  @Test(arguments: ["store.json.tmp", "secret.tmp", "settings.json.tmp", "clock.json.tmp"])
  func aLinkedTemporaryIsReplacedNotFollowed(_ name: String) throws {
    #expect(harness.run("buy gems").status == 0)
    link(name)
    try? FileManager.default.removeItem(atPath: state + "/secret")
    #expect(harness.run("settings set locale en_GB").status == 0)
    #expect(harness.run("clock set 2027-01-01T00:00:00Z").status == 0)
    // Signing makes the secret again, through secret.tmp.
    #expect(harness.run("buy sword --finish --json").status == 0)
    #expect(outsideText == "keep me")
    let attributes = try FileManager.default.attributesOfItem(atPath: state + "/secret")
    #expect(attributes[.type] as? FileAttributeType == .typeRegular)
    #expect((attributes[.posixPermissions] as? Int) == 0o600)
  }

  @Test(arguments: ["transactions.log", "notifications.log"])
  func aLinkedLogIsRefused(_ name: String) {
    #expect(harness.run("buy gems").status == 0)
    link(name)
    let result = harness.run("buy sword")
    #expect(result.status == 74)
    #expect(result.stderr.contains("\(name) is a symbolic link, and iap does not follow links to its own files"))
    #expect(outsideText == "keep me")
  }

  @Test func aLinkedStateFolderIsRefused() throws {
    try FileManager.default.createDirectory(atPath: harness.directory + "/elsewhere", withIntermediateDirectories: false)
    try FileManager.default.createSymbolicLink(atPath: state, withDestinationPath: harness.directory + "/elsewhere")
    for command in ["buy gems", "queue", "reset"] {
      let result = harness.run(command)
      #expect(result.status == 74, "\(command)")
      #expect(result.stderr.contains(".iap is a symbolic link: iap keeps its files only in a real folder"))
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: harness.directory + "/elsewhere").isEmpty)
  }
}

import Foundation
import IAPFormats
import IAPHTTP
import IAPTesting
import Testing

@testable import IAPCore
@testable import IAPKit
@testable import IAPStorage

/// The namespace limit is kept where a namespace is made: the command line is refused as the
/// server is (two makers at once cannot both pass: `NamespaceMakingTests`).
@Suite struct NamespaceLimitTests {
  let harness = TestHarness()
  var state: String { harness.directory + "/.iap" }
  var namespaces: String { state + "/namespaces" }

  /// Fills the state with `count` namespaces (`n0`, `n1`, …), made by the use that makes them.
  func makeNamespaces(_ count: Int) throws {
    for n in 0..<count { _ = try StateDirectory(namespace: "n\(n)", in: state).open(forWriting: true) }
  }

  func names() throws -> [String] { try FileManager.default.contentsOfDirectory(atPath: namespaces) }

  @Test func theCommandLineIsRefusedANewNamespacePastTheLimitAndTheOthersStillWork() throws {
    try makeNamespaces(Namespace.limit)
    let message = "error: this state holds 256 namespaces, its limit: delete one first (DELETE /ns/{name}/iap/v1)\n"
    let bought = harness.run("--namespace one-more buy gems")
    #expect(bought.status == ExitCode.storeRefused.rawValue)
    #expect(bought.stderr == message)
    #expect(bought.stdout.isEmpty)
    let read = harness.run("--namespace one-more queue")
    #expect(read.status == 1, "a read of a new namespace too, as the server answers any request to one")
    #expect(read.stderr == message)
    let json = harness.run("--namespace one-more buy gems --json").json["error"]
    #expect(json?["name"]?.stringValue == "namespaceLimit")
    #expect(json?["exitCode"]?.intValue == 1)
    #expect(try names().count == Namespace.limit, "nothing was made")

    #expect(harness.run("--namespace n7 buy gems").status == 0)
    #expect(harness.run("--namespace n7 queue").stdout.contains("gems"))
    // Deleting one makes room.
    #expect(harness.send("DELETE", "/ns/n3/iap/v1").status == 200)
    #expect(harness.run("--namespace one-more buy gems").status == 0)
    #expect(harness.send("GET", "/ns/another/iap/v1/products").status == 409)
  }
}

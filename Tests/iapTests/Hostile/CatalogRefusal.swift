import Foundation
import IAPTesting
import Testing

/// Every command that reads a hostile catalog fails cleanly with the same status and reason,
/// and buying with it creates no state. Catalog formats share this check (a hostile
/// .storekit file goes through it as a plist does).
struct CatalogRefusal {
  /// The commands that read the catalog, each given the file with `--catalog`.
  static let commands = ["products list", "products fetch com.example.fakegame.rocket_car", "buy com.example.fakegame.rocket_car"]

  let harness: TestHarness

  /// Runs every command with `--catalog file`: each fails with `status`, stderr holding
  /// `message`. Returns the last run.
  @discardableResult
  func expectRefused(_ file: String, _ status: Int32, _ message: String, sourceLocation: SourceLocation = #_sourceLocation) -> RunResult {
    var last = RunResult(status: 0, stdout: "", stderr: "")
    for command in Self.commands {
      last = harness.run(["--catalog", file] + command.split(separator: " ").map(String.init))
      last.expectCleanFailure(status, "\(file): \(command)", sourceLocation: sourceLocation)
      #expect(last.stderr.contains(message), "\(file): \(command): \(last.stderr)", sourceLocation: sourceLocation)
    }
    #expect(!harness.exists(".iap"), "a purchase with a bad catalog created state", sourceLocation: sourceLocation)
    return last
  }

  /// Writes `bytes` as `file`, then expects every command to refuse it.
  @discardableResult
  func expectRefused(
    _ file: String, bytes: [UInt8], _ status: Int32, _ message: String, sourceLocation: SourceLocation = #_sourceLocation
  ) -> RunResult {
    harness.write(file, bytes: bytes)
    return expectRefused(file, status, message, sourceLocation: sourceLocation)
  }
}

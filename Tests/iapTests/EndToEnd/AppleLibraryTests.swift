import Foundation
import Testing

/// Runs the checks made with Apple's App Store Server Library (`Tests/AppleLibraryTests`, one
/// pytest process, through `scripts/apple-library-tests`) against the built `iap` binary, so
/// that the README's one test command covers them too.
///
/// The script installs the library and pytest into a venv under `.build/` the first time
/// (the one the end-to-end scripts keep); where it cannot, it says it skipped, and fails
/// under CI.
@Suite struct AppleLibraryTests {
  /// Its name in `ScriptQueue`, which runs it beside the end-to-end scripts: it starts
  /// servers and waits on them as they do.
  static let job = "apple-library-tests"

  @Test func theSuitePasses() async throws {
    let result = await ScriptQueue.shared.outcome(of: Self.job)
    #expect(result.status == 0, "scripts/apple-library-tests failed:\n\(result.text)")
    #expect(result.text.contains(" passed") || result.text.contains("skipped:"), "pytest printed no summary:\n\(result.text)")
  }
}

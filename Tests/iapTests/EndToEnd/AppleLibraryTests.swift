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
  @Test func theSuitePasses() async throws {
    let log = FileManager.default.temporaryDirectory.appendingPathComponent("iap-apple-library-\(UUID().uuidString).log")
    defer { try? FileManager.default.removeItem(at: log) }
    var environment = ProcessInfo.processInfo.environment
    environment["IAP_BIN"] = EndToEndTests.binary
    environment.removeValue(forKey: "IAP_CATALOG")
    environment.removeValue(forKey: "IAP_STATE")
    let script = EndToEndTests.packageRoot.appendingPathComponent("scripts/apple-library-tests").path
    // One of the end-to-end scripts' slots: the suite starts servers and waits on them as they do.
    await ScriptSlots.shared.acquire()
    let status: Int32
    do { status = try await ScriptProcess.run(["bash", script], environment: environment, log: log.path) } catch {
      await ScriptSlots.shared.release()
      throw error
    }
    await ScriptSlots.shared.release()
    let text = String(decoding: try Data(contentsOf: log), as: UTF8.self)
    #expect(status == 0, "scripts/apple-library-tests failed:\n\(text)")
    #expect(text.contains(" passed") || text.contains("skipped:"), "pytest printed no summary:\n\(text)")
  }
}

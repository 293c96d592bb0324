import Foundation
import Testing

/// Runs every `scripts/e2e/*.sh` against the built `iap` binary, so that the README's one
/// test command covers the end-to-end tests too.
///
/// `swift test` builds the `iap` executable along with the tests. A binary older than the
/// library objects it should contain (say, `IAP_BIN` naming a stale build) fails a test
/// rather than silently testing old code.
@Suite struct EndToEndTests {
  static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  static var scripts: [String] {
    let folder = packageRoot.appendingPathComponent("scripts/e2e").path
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    // The longest first, so that the run does not end waiting for one that started last.
    // (fuzz.sh, the longest at full scale, is not among them: its sanitizer build beside
    // serve.sh's load scenarios starves them past what those scenarios measure.)
    let longest = ["serve.sh", "hostile.sh"]
    return names.filter { $0.hasSuffix(".sh") && $0 != "lib.sh" }.sorted { (longest.contains($0) ? 0 : 1, $0) < (longest.contains($1) ? 0 : 1, $1) }
  }

  /// `IAP_BIN`, or `iap` beside this test bundle.
  static var binary: String {
    if let path = ProcessInfo.processInfo.environment["IAP_BIN"] { return path }
    return URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("iap").path
  }

  /// The libraries the binary links: each layer's target.
  static let libraries = ["IAPCore", "IAPKit", "IAPCLI"]

  /// When the libraries were last compiled: their object files beside the binary.
  static func libraryCompiled() -> Date {
    var newest = Date.distantPast
    for library in libraries {
      let objects = URL(fileURLWithPath: binary).deletingLastPathComponent().appendingPathComponent("\(library).build")
      let files = FileManager.default.enumerator(at: objects, includingPropertiesForKeys: [.contentModificationDateKey])
      while let url = files?.nextObject() as? URL {
        guard url.pathExtension == "o" else { continue }
        let date = (try? url.resourceValues(forKeys: [.contentModificationDateKey]))?.contentModificationDate
        if let date, date > newest { newest = date }
      }
    }
    return newest
  }

  @Test func theBinaryIsBuiltFromTheCurrentLibrary() throws {
    let attributes = try FileManager.default.attributesOfItem(atPath: Self.binary)
    let built = attributes[.modificationDate] as? Date ?? .distantPast
    #expect(built >= Self.libraryCompiled(), "\(Self.binary) is older than the library it links: rebuild it")
  }

  /// Each script, at most `ScriptSlots.width` at once. A script mostly waits (for the processes
  /// it starts, for a server, for a kill), so it waits without holding one of the test
  /// run's few threads: the unit tests and the other scripts go on meanwhile.
  @Test(arguments: EndToEndTests.scripts)
  func script(_ name: String) async throws {
    await ScriptSlots.shared.acquire()
    let result: (status: Int32, text: String)
    do { result = try await Self.run(name) } catch {
      await ScriptSlots.shared.release()
      throw error
    }
    await ScriptSlots.shared.release()
    #expect(result.status == 0, "\(name) failed:\n\(result.text)")
    #expect(result.text.contains(" passed, 0 failed"), "\(name) printed no summary:\n\(result.text)")
  }

  /// Runs `scripts/e2e/NAME` against the binary: its exit status and its output (stdout and
  /// stderr, through a file, so that nothing has to drain a pipe while it runs).
  static func run(_ name: String) async throws -> (status: Int32, text: String) {
    let log = FileManager.default.temporaryDirectory.appendingPathComponent("iap-e2e-\(name)-\(UUID().uuidString).log")
    defer { try? FileManager.default.removeItem(at: log) }
    var environment = ProcessInfo.processInfo.environment
    environment["IAP_BIN"] = binary
    environment.removeValue(forKey: "IAP_CATALOG")
    environment.removeValue(forKey: "IAP_STATE")
    let script = packageRoot.appendingPathComponent("scripts/e2e/\(name)").path
    let status = try await ScriptProcess.run(["bash", script], environment: environment, log: log.path)
    return (status, String(decoding: try Data(contentsOf: log), as: UTF8.self))
  }
}

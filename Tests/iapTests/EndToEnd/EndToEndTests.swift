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
    return names.filter { $0.hasSuffix(".sh") && $0 != "lib.sh" }.sorted()
  }

  /// What `ScriptQueue` runs, the longest first: Apple's library suite (which installs the
  /// library the first time), the server under load, the browser, libFuzzer at full scale,
  /// then the rest. (fuzz.sh's build, beside serve.sh's load scenarios, starves them past
  /// what those scenarios measure, so it waits for a slot the first three free.)
  static var jobs: [ScriptQueue.Job] {
    let longest = ["serve.sh", "web.sh", "fuzz.sh", "hostile.sh"]
    let scripts = longest.filter(Self.scripts.contains) + Self.scripts.filter { !longest.contains($0) }
    let library = ScriptQueue.Job(name: AppleLibraryTests.job, arguments: ["bash", packageRoot.appendingPathComponent("scripts/apple-library-tests").path])
    return [library] + scripts.map { ScriptQueue.Job(name: $0, arguments: ["bash", packageRoot.appendingPathComponent("scripts/e2e/\($0)").path]) }
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

  /// Each script, run by `ScriptQueue` beside the unit tests.
  @Test(arguments: EndToEndTests.scripts)
  func script(_ name: String) async throws {
    let result = await ScriptQueue.shared.outcome(of: name)
    #expect(result.status == 0, "\(name) failed:\n\(result.text)")
    #expect(result.text.contains(" passed, 0 failed"), "\(name) printed no summary:\n\(result.text)")
  }
}

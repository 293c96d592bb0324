import Foundation
import Testing

/// The C library is reached through IAPSystem (files, folders, locks, the process) and
/// IAPHTTP (sockets) only: every other target calls their wrappers, so a system call's
/// retries and error handling are written once.
@Suite struct SystemImportTests {
  /// The files under Sources/ that import Glibc or Darwin, as `Target/…/File.swift`.
  static func filesImportingTheCLibrary() throws -> [String] {
    let sources = EndToEndTests.packageRoot.appendingPathComponent("Sources")
    let files = FileManager.default.enumerator(atPath: sources.path)?.compactMap { $0 as? String } ?? []
    return try files.filter { $0.hasSuffix(".swift") }.filter { file in
      let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
      return ["import Glibc", "import Darwin", "canImport(Glibc)", "canImport(Darwin)"].contains { text.contains($0) }
    }.sorted()
  }

  @Test func onlyIAPSystemAndIAPHTTPImportTheCLibrary() throws {
    let files = try Self.filesImportingTheCLibrary()
    #expect(files.contains { $0.hasPrefix("IAPSystem/") }, "IAPSystem is found importing it")
    let others = files.filter { !$0.hasPrefix("IAPSystem/") && !$0.hasPrefix("IAPHTTP/") }
    #expect(others.isEmpty, "import Glibc/Darwin outside IAPSystem and IAPHTTP: \(others)")
  }
}

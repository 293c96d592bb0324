import Foundation
import Testing

/// The `iap` executable links FoundationEssentials only. One unconditional `import Foundation`
/// in any target it links makes the static link take all of Foundation and ICU, whose C++
/// static initialisers then run at every process start, a cost every command pays
/// (docs/performance.md, start-up). Its files therefore import Foundation only where
/// FoundationEssentials is missing: `#if canImport(FoundationEssentials)` … `#else`.
@Suite struct FoundationImportTests {
  /// The targets the `iap` executable links, found by following dependencies from it.
  static func linkedTargets(of dump: PackageDump) -> Set<String> {
    var linked: Set<String> = []
    var pending = ["iap"]
    while let name = pending.popLast() {
      guard linked.insert(name).inserted else { continue }
      pending += dump.dependencies[name] ?? []
    }
    return linked
  }

  /// The lines of `text` that import Foundation other than in the `#else` of a
  /// FoundationEssentials check, by line number.
  static func unconditionalImports(in text: String) -> [Int] {
    var previous = ""
    var found: [Int] = []
    for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      let words = line.split(separator: " ")
      let isImport = words.last == "Foundation" && words.dropLast().last == "import"
      if isImport && previous != "#else" { found.append(number + 1) }
      if !line.allSatisfy(\.isWhitespace) { previous = line.trimmingCharacters(in: .whitespaces) }
    }
    return found
  }

  @Test func onlyTheElseOfAFoundationEssentialsCheckImportsFoundation() {
    #expect(Self.unconditionalImports(in: "import Foundation\n") == [1])
    #expect(Self.unconditionalImports(in: "#if canImport(FoundationEssentials)\nimport FoundationEssentials\n#else\nimport Foundation\n#endif\n") == [])
    #expect(Self.unconditionalImports(in: "import IAPCore\npackage import Foundation\n") == [2])
  }

  @Test(.enabled(if: PackageDump.swift != nil, "no `swift` on PATH or beside the test runner: the package's targets are not read"))
  func noTargetLinkedIntoIapImportsFoundationUnconditionally() throws {
    let dump = try PackageDump.current.get()
    let sources = EndToEndTests.packageRoot.appendingPathComponent("Sources")
    var offenders: [String] = []
    for target in Self.linkedTargets(of: dump).sorted() {
      let folder = sources.appendingPathComponent(target)
      let files = FileManager.default.enumerator(atPath: folder.path)?.compactMap { $0 as? String } ?? []
      for file in files where file.hasSuffix(".swift") {
        let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
        offenders += Self.unconditionalImports(in: text).map { "\(target)/\(file):\($0)" }
      }
    }
    #expect(Self.linkedTargets(of: dump).contains("IAPKit"), "the executable's targets were not followed")
    #expect(offenders.isEmpty, "import Foundation outside `#if canImport(FoundationEssentials) … #else`: \(offenders)")
  }
}

import Foundation
import Testing

/// Each target imports exactly the targets it declares: SwiftPM lets a module that a
/// dependency brings along be imported without saying so, and the compiler's own check of
/// that (`--explicit-target-dependency-import-check`) runs only in builds of explicit modules,
/// so this test reads every file's imports against the package's declared dependencies.
@Suite struct TargetImportTests {
  /// The iap targets each target's files import, by target name.
  static func imports(of dump: PackageDump) throws -> [String: Set<String>] {
    let root = EndToEndTests.packageRoot
    let names = Set(dump.targets.map(\.name))
    var found: [String: Set<String>] = [:]
    for target in dump.targets {
      let folder = ["Sources", "Tests"].map { root.appendingPathComponent($0).appendingPathComponent(target.name) }
        .first { FileManager.default.fileExists(atPath: $0.path) }
      guard let folder else { continue }
      var modules: Set<String> = []
      let files = FileManager.default.enumerator(atPath: folder.path)?.compactMap { $0 as? String } ?? []
      for file in files where file.hasSuffix(".swift") {
        let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
        for line in text.split(separator: "\n") {
          let words = line.split(separator: " ")
          guard let at = words.firstIndex(of: "import"), at + 1 < words.count,
            words[..<at].allSatisfy({ $0.hasPrefix("@") || ["package", "internal", "public"].contains($0) })
          else { continue }
          let module = String(words[at + 1])
          if names.contains(module) && module != target.name { modules.insert(module) }
        }
      }
      found[target.name] = modules
    }
    return found
  }

  @Test(.enabled(if: PackageDump.swift != nil, "no `swift` on PATH or beside the test runner: the package's targets are not read"))
  func everyTargetImportsWhatItDeclaresAndDeclaresWhatItImports() throws {
    let dump = try PackageDump.current.get()
    let imports = try Self.imports(of: dump)
    #expect(imports.count == dump.targets.count, "a target's folder was not found: \(Set(dump.targets.map(\.name)).subtracting(imports.keys))")
    for target in dump.targets {
      guard let imported = imports[target.name] else { continue }
      let undeclared = imported.subtracting(target.dependencies)
      #expect(undeclared.isEmpty, "\(target.name) imports \(undeclared.sorted()) without declaring them")
      let unused = target.dependencies.subtracting(imported)
      #expect(unused.isEmpty, "\(target.name) declares \(unused.sorted()) and imports none of its files from them")
    }
  }
}

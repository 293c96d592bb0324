import Foundation
import Testing

/// The manifest as a Swift user meets it (a plain `swift build -c release` must link on Linux,
/// so no build is forced to `-static-executable`), and the targets as SwiftPM reads them
/// (`PackageDump`): their layers, and docs/architecture.md's tables of them.
@Suite struct PackageManifestTests {
  static var manifest: String {
    let url = EndToEndTests.packageRoot.appendingPathComponent("Package.swift")
    return (try? String(contentsOf: url, encoding: .utf8)) ?? ""
  }

  @Test func plainBuildsLinkAsUsual() {
    // The fully static executable is scripts/release-build's to ask for.
    #expect(!Self.manifest.isEmpty)
    #expect(!Self.manifest.contains("-static-executable"))
  }

  /// A target with unsafe flags in a product makes the package unusable as a dependency
  /// (SwiftPM refuses to build it), and flags would decide how the shipped code builds: only
  /// test targets, in no product, carry one, and it is `-gnone`.
  @Test(.enabled(if: PackageDump.swift != nil, "no `swift` on PATH or beside the test runner: the package's targets are not read"))
  func onlyTestTargetsCarryUnsafeFlags() throws {
    let targets = try PackageDump.current.get().targets
    for target in targets {
      #expect(target.unsafeFlags == (target.kind == "test" ? ["-gnone"] : []), "\(target.name): \(target.unsafeFlags)")
    }
    #expect(targets.contains { $0.kind == "test" && $0.unsafeFlags == ["-gnone"] })
  }

  /// Each target's dependencies as SwiftPM reads them, by target name.
  static func dependencies() throws -> [String: Set<String>] {
    try PackageDump.current.get().dependencies
  }

  static let libraries = ["IAPSystem", "IAPFormats", "IAPCrypto", "IAPHTTP"]

  @Test(.enabled(if: PackageDump.swift != nil, "no `swift` on PATH or beside the test runner: the package's targets are not read"))
  func theLayersAreTargetsThatDependDownwardOnly() throws {
    let d = try Self.dependencies()
    #expect(d["iap"] == ["IAPCLI"])
    #expect(d["IAPCLI"]?.contains("IAPServer") == true, "`iap serve` runs the server")
    #expect(d["IAPServer"]?.isDisjoint(with: ["IAPCLI", "iap"]) == true, "the server is a front end beside the CLI")
    #expect(d["IAPKit"]?.contains("IAPCore") == true)
    // The state folder's files and the catalog's readers sit below the application: neither
    // knows a use case.
    #expect(d["IAPKit"]?.isSuperset(of: ["IAPStorage", "IAPCatalog"]) == true)
    for lower in ["IAPStorage", "IAPCatalog"] {
      #expect(d[lower]?.isDisjoint(with: ["IAPKit", "IAPServer", "IAPCLI", "iap"]) == true, "\(lower) depends on \(d[lower] ?? [])")
    }
    #expect(d["IAPKit"]?.isDisjoint(with: ["IAPServer", "IAPCLI", "iap"]) == true)
    // The store's core touches no file, socket, thread or process: not even through a library.
    #expect(d["IAPCore"] == ["IAPCrypto", "IAPFormats"])
    // StoreKit talks HTTP to a store, starting one in process (IAPServer over IAPKit) when none
    // is named; of the store's core it takes only the words on the wire (its vocabularies,
    // spelled once), and it never reaches into the CLI.
    #expect(d["StoreKit"]?.isDisjoint(with: ["IAPCLI", "iap"]) == true)
    #expect(d["StoreKitTest"]?.isSubset(of: Set(["StoreKit"] + Self.libraries)) == true)
    // The web page's files are bytes the server hands out: it reaches the store over HTTP.
    #expect(d["IAPWeb"] == [])
    #expect(d["IAPServer"]?.contains("IAPWeb") == true)
  }

  /// The general-purpose libraries know nothing of the store, so that each could be swapped
  /// for a package of the Swift ecosystem, and each has tests of its own that need nothing of
  /// the store either.
  @Test(.enabled(if: PackageDump.swift != nil, "no `swift` on PATH or beside the test runner: the package's targets are not read"))
  func theGeneralPurposeLibrariesDependOnNoStoreTarget() throws {
    let d = try Self.dependencies()
    for library in Self.libraries {
      let own = d[library]
      #expect(own != nil, "\(library) is a target")
      #expect(own?.isSubset(of: Set(Self.libraries)) == true, "\(library) depends on \(own ?? [])")
      let tests = d[library + "Tests"]
      #expect(tests?.contains(library) == true, "\(library)Tests tests it")
      #expect(tests?.isSubset(of: Set(Self.libraries)) == true, "\(library)Tests depends on \(tests ?? [])")
    }
  }

  /// docs/architecture.md's tables of targets name every target of the package, test targets
  /// included, and nothing else: a target added, renamed or removed is a row to write.
  @Test(.enabled(if: PackageDump.swift != nil, "no `swift` on PATH or beside the test runner: the package's targets are not read"))
  func theArchitectureHasARowForEveryTargetAndNoOther() throws {
    let targets = Set(try PackageDump.current.get().targets.map(\.name))
    let url = EndToEndTests.packageRoot.appendingPathComponent("docs/architecture.md")
    let rows = Self.targetRows(inMarkdown: try String(contentsOf: url, encoding: .utf8))
    #expect(rows.count >= targets.count / 2, "architecture.md's tables of targets were found: \(rows)")
    let named = rows.map { $0.hasPrefix("`") && $0.hasSuffix("`") && $0.count > 2 ? String($0.dropFirst().dropLast()) : $0 }
    let missing = targets.subtracting(named).sorted()
    #expect(missing.isEmpty, "docs/architecture.md has no row for \(missing.joined(separator: ", "))")
    let strangers = named.filter { !targets.contains($0) }
    #expect(strangers.isEmpty, "docs/architecture.md has rows for what is no target: \(strangers.joined(separator: ", "))")
    let twice = Dictionary(grouping: named, by: { $0 }).filter { $0.value.count > 1 }.keys.sorted()
    #expect(twice.isEmpty, "docs/architecture.md has two rows for \(twice.joined(separator: ", "))")
  }

  /// The first cell of each row of the Markdown tables whose first column is headed
  /// `target` or `test target`, as written (a target's name in backticks).
  static func targetRows(inMarkdown text: String) -> [String] {
    var rows: [String] = []
    var inTargetTable = false, previousWasRow = false
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      guard trimmed.hasPrefix("|") else {
        previousWasRow = false
        continue
      }
      let first = trimmed.dropFirst().prefix { $0 != "|" }.trimmingCharacters(in: .whitespaces)
      if !previousWasRow {
        inTargetTable = first == "target" || first == "test target"
      } else if inTargetTable && !first.allSatisfy({ $0 == "-" || $0 == ":" }) {
        rows.append(first)
      }
      previousWasRow = true
    }
    return rows
  }

  /// The compiler enforces the targets; the operating system's modules are imports, not
  /// targets, so the core's sources are checked for them here.
  @Test func theCoreImportsNoOperatingSystemModule() throws {
    let core = EndToEndTests.packageRoot.appendingPathComponent("Sources/IAPCore")
    let files = try #require(FileManager.default.enumerator(atPath: core.path)).compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }
    #expect(files.count > 50)
    for file in files {
      let text = try String(contentsOf: core.appendingPathComponent(file), encoding: .utf8)
      for module in ["Glibc", "Darwin", "Musl", "IAPSystem", "IAPHTTP", "IAPKit"] {
        #expect(!text.contains("import \(module)\n"), "IAPCore/\(file) imports \(module)")
      }
    }
  }

  @Test func theReleaseScriptAsksForTheStaticExecutableOnLinuxOnly() throws {
    let url = EndToEndTests.packageRoot.appendingPathComponent("scripts/release-build")
    let script = try String(contentsOf: url, encoding: .utf8)
    #expect(script.contains(#"[ "$(uname -s)" = Linux ] && flags+=(-Xswiftc -static-executable)"#))
  }
}

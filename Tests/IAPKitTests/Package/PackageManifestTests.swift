import Foundation
import Testing

/// The manifest as a Swift user meets it (issue 11: `swift build -c release` failed to link on
/// Linux because every release build was forced to `-static-executable`).
@Suite struct PackageManifestTests {
  static var manifest: String {
    let url = EndToEndTests.packageRoot.appendingPathComponent("Package.swift")
    return (try? String(contentsOf: url, encoding: .utf8)) ?? ""
  }

  @Test func plainBuildsUseNoUnsafeFlags() {
    // Unsafe flags decide how every build links, and they make the package unusable as a
    // dependency; the fully static executable is scripts/release-build's to ask for.
    #expect(!Self.manifest.isEmpty)
    #expect(!Self.manifest.contains("unsafeFlags"))
    #expect(!Self.manifest.contains("-static-executable"))
  }

  /// Each target's dependencies as the manifest lists them, by target name.
  static var dependencies: [String: Set<String>] {
    var found: [String: Set<String>] = [:]
    let pattern = #/\.(?:executableTarget|target|testTarget)\(\s*name: "(\w+)"(?:,\s*dependencies: \[([^\]]*)\])?/#
    for match in manifest.matches(of: pattern) {
      let names = (match.2.map(String.init) ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespacesAndNewlines).trimmingCharacters(in: CharacterSet(charactersIn: "\"")) }
      found[String(match.1)] = Set(names.filter { !$0.isEmpty })
    }
    return found
  }

  static let libraries = ["IAPSystem", "IAPFormats", "IAPCrypto", "IAPHTTP"]
  static let store = ["IAPCore", "IAPStorage", "IAPKit", "IAPServer", "IAPCLI", "iap"]

  @Test func theLayersAreTargetsThatDependDownwardOnly() {
    let d = Self.dependencies
    #expect(d["iap"] == ["IAPCLI"])
    #expect(d["IAPCLI"]?.contains("IAPServer") == true, "`iap serve` runs the server")
    #expect(d["IAPServer"]?.isDisjoint(with: ["IAPCLI", "iap"]) == true, "the server is a front end beside the CLI")
    #expect(d["IAPKit"]?.contains("IAPCore") == true)
    // The state folder's files sit below the application: storage knows no use case.
    #expect(d["IAPKit"]?.contains("IAPStorage") == true)
    #expect(d["IAPStorage"]?.isDisjoint(with: ["IAPKit", "IAPServer", "IAPCLI", "iap"]) == true)
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

  /// The general-purpose libraries know nothing of the store (issue 24), and each has tests of
  /// its own that need nothing of the store either.
  @Test func theGeneralPurposeLibrariesDependOnNoStoreTarget() {
    let d = Self.dependencies
    for library in Self.libraries {
      let own = d[library]
      #expect(own != nil, "\(library) is a target")
      #expect(own?.isSubset(of: Set(Self.libraries)) == true, "\(library) depends on \(own ?? [])")
      let tests = d[library + "Tests"]
      #expect(tests?.contains(library) == true, "\(library)Tests tests it")
      #expect(tests?.isSubset(of: Set(Self.libraries)) == true, "\(library)Tests depends on \(tests ?? [])")
    }
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

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

  @Test func theLayersAreTargetsThatDependDownwardOnly() {
    let m = Self.manifest
    #expect(m.contains(#".target(name: "IAPCore")"#), "the core depends on nothing")
    #expect(m.contains(#".target(name: "IAPKit", dependencies: ["IAPCore"])"#))
    #expect(m.contains(#".target(name: "IAPServer", dependencies: ["IAPKit", "IAPCore"])"#), "the server is a front end beside the CLI")
    #expect(m.contains(#".target(name: "IAPCLI", dependencies: ["IAPServer", "IAPKit", "IAPCore"])"#), "`iap serve` runs the server")
    #expect(m.contains(#".executableTarget(name: "iap", dependencies: ["IAPCLI"])"#))
  }

  @Test func theReleaseScriptAsksForTheStaticExecutableOnLinuxOnly() throws {
    let url = EndToEndTests.packageRoot.appendingPathComponent("scripts/release-build")
    let script = try String(contentsOf: url, encoding: .utf8)
    #expect(script.contains(#"[ "$(uname -s)" = Linux ] && flags+=(-Xswiftc -static-executable)"#))
  }
}

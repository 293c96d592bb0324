import Foundation

/// The repository these tests were built from: its bundled catalog and test fixtures.
package enum Repository {
  /// The repository's root folder.
  package static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  /// `catalog.plist` at the root: the catalog a user's first `iap` command finds.
  package static var bundledCatalog: String {
    String(decoding: FileManager.default.contents(atPath: root.appendingPathComponent("catalog.plist").path) ?? Data(), as: UTF8.self)
  }

  /// `Tests/Fixtures/PATH`, its origin and licence in `Tests/Fixtures/NOTICE.md`.
  package static func fixture(_ path: String) -> String { root.appendingPathComponent("Tests/Fixtures/" + path).path }
}

import IAPTesting
import Foundation

/// The bundled example catalog, which the hostile-input tests damage: its products' ids are
/// the ones their messages name.
extension TestHarness {
  /// The package's catalog.plist (this file is Tests/<target>/Hostile/TestHarness+Game.swift).
  static let gameCatalog: String = {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
    return try! String(contentsOf: root.appendingPathComponent("catalog.plist"), encoding: .utf8)
  }()

  /// A working folder holding the bundled catalog.
  static func game() -> TestHarness { TestHarness(catalog: gameCatalog) }
}

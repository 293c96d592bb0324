import Foundation
import IAPTesting
import Testing

@testable import IAPFormats

/// What the store-behaviour scenarios start from, as `scripts/e2e` scenarios did: the
/// repository's bundled catalog (`com.example.fakegame`) and its test fixtures, found from
/// this file's place so that the scenarios run wherever their folder sits under `Tests`.
enum ScenarioFixtures {
  /// The bundle id of the bundled catalog, the prefix of its product ids.
  static let app = "com.example.fakegame"

  /// The repository: the nearest folder above this file that holds `Package.swift`.
  static let root: URL = {
    var folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    while folder.path != "/", !FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path) {
      folder.deleteLastPathComponent()
    }
    return folder
  }()

  /// The text of a file of the repository (`catalog.plist`, a fixture under `Tests/Fixtures`).
  static func text(_ path: String) -> String {
    let url = root.appendingPathComponent(path)
    guard let data = FileManager.default.contents(atPath: url.path) else {
      Issue.record("missing fixture \(url.path): the fixtures are part of the repository (Tests/Fixtures, listed in its NOTICE.md)")
      return ""
    }
    return String(decoding: data, as: UTF8.self)
  }

  /// A working folder holding a copy of the bundled catalog.
  static func harness() -> TestHarness { TestHarness(catalog: text("catalog.plist")) }

  /// Rewrites the harness's `catalog.plist`: `edit` changes each product dictionary.
  static func editProducts(of harness: TestHarness, _ edit: (inout [String: Any]) -> Void) throws {
    let data = try #require(FileManager.default.contents(atPath: harness.directory + "/catalog.plist"))
    var catalog = try #require(try PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any])
    var products = try #require(catalog["products"] as? [[String: Any]])
    for index in products.indices { edit(&products[index]) }
    catalog["products"] = products
    let written = try PropertyListSerialization.data(fromPropertyList: catalog, format: .xml, options: 0)
    #expect(FileManager.default.createFile(atPath: harness.directory + "/catalog.plist", contents: written))
  }
}

extension TestHarness {
  /// The `notificationType` (and `/subtype`) of every notification sent so far, as
  /// `notifications --json` lists them (a notification with `appData` in place of `data` too).
  func sentTypes() -> [String] {
    (run("notifications --json").json["notifications"]?.arrayValue ?? []).map { n in
      let type = n["notificationType"]?.stringValue ?? "?"
      return n["subtype"]?.stringValue.map { "\(type)/\($0)" } ?? type
    }
  }
}

extension RunResult {
  /// stdout as a shell's `$(…)` keeps it: without its trailing newlines.
  var out: String { String(stdout.reversed().drop(while: { $0 == "\n" }).reversed()) }

  /// stderr without its trailing newlines.
  var err: String { String(stderr.reversed().drop(while: { $0 == "\n" }).reversed()) }
}

import Foundation
import IAPCLI
import IAPFormats
import IAPKit

/// A temporary working folder with a catalog, in which commands run in process.
package final class TestHarness {
  /// The working folder: a new temporary one, removed with the harness.
  package let directory: String
  /// The clock every command sees; tests move it to order purchases.
  package var now = Timestamp(iso8601: "2026-01-15T10:00:00Z")!
  /// The environment's variables the commands see.
  package var variables: [String: String] = [:]
  /// What the next commands read on standard input.
  package var stdin = ""
  /// Whether the commands' stdout and stderr are terminals (`Console.interactive`).
  package var terminal = false

  /// A harness whose folder holds `catalog` as `catalog.plist` (none when nil).
  package init(catalog: String? = TestHarness.standardCatalog) {
    directory = NSTemporaryDirectory() + "iap-tests-" + UUID().uuidString
    try! FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    if let catalog { write("catalog.plist", catalog) }
  }

  deinit { try? FileManager.default.removeItem(atPath: directory) }

  /// Writes a file into the working folder.
  package func write(_ name: String, _ text: String) {
    _ = FileManager.default.createFile(atPath: directory + "/" + name, contents: Data(text.utf8))
  }

  /// A file of the working folder as text, or nil.
  package func read(_ name: String) -> String? {
    (try? Data(contentsOf: URL(fileURLWithPath: directory + "/" + name))).map { String(decoding: $0, as: UTF8.self) }
  }

  /// Runs `iap` with `arguments` (a single string is split on spaces).
  @discardableResult
  package func run(_ arguments: [String]) -> RunResult {
    var out = ""
    var err = ""
    let console = Console(out: { out += $0 }, err: { err += $0 }, interactive: terminal)
    let fixed = now
    let input = Array(stdin.utf8)
    let environment = Environment(variables: variables, currentDirectory: directory, now: { fixed }, standardInput: { input })
    let status = CLI.run(arguments: arguments, environment: environment, console: console)
    return RunResult(status: status, stdout: out, stderr: err)
  }

  /// Runs `iap` with `line` split on spaces.
  @discardableResult
  package func run(_ line: String) -> RunResult { run(line.split(separator: " ").map(String.init)) }

  /// Moves the clock on.
  package func advance(seconds: Int64) { now = Timestamp(milliseconds: now.milliseconds + seconds * 1000) }

  /// A small catalog with each kind of product, written as a plist.
  package static let standardCatalog = plist(products: [
    product("gems", "consumable", price: "<string>0.99</string>"),
    product("sword", "nonConsumable", price: "<string>4.99</string>"),
    product("shield", "nonConsumable", price: "<real>2.5</real>"),
    product("retired", "nonConsumable", price: "<integer>1</integer>", extra: "<key>clearedForSale</key><false/>"),
    product(
      "pro.monthly", "autoRenewable", price: "<string>9.99</string>",
      extra: "<key>subscriptionGroup</key><string>pro</string><key>subscriptionPeriod</key><string>P1M</string>"),
    product("pass", "nonRenewing", price: "<string>19.99</string>"),
  ])

  /// A product dictionary in plist XML.
  package static func product(_ id: String, _ type: String, price: String, extra: String = "") -> String {
    """
    <dict><key>id</key><string>\(id)</string><key>type</key><string>\(type)</string>\
    <key>title</key><string>Title of \(id)</string><key>description</key><string>About \(id)</string>\
    <key>price</key>\(price)\(extra)</dict>
    """
  }

  /// A catalog plist with these product dictionaries and extra top-level XML.
  package static func plist(products: [String], top: String = "") -> String {
    """
    <?xml version="1.0" encoding="UTF-8"?>
    <plist version="1.0"><dict>\(top)<key>products</key><array>\(products.joined())</array></dict></plist>
    """
  }
}

extension JSONValue {
  /// The transactions of a `{"transactions": [...]}` document.
  package var transactions: [JSONValue] { self["transactions"]?.arrayValue ?? [] }
}

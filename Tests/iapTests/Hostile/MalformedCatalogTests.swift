import Foundation
import IAPTesting
import Testing

/// Malformed catalogs never crash iap: each is refused with a one-line reason (65 for a file
/// that is not a catalog, 66 for one that cannot be read) and nothing is stored.
/// Structural checks of well-formed catalogs are in CatalogLoaderTests; binary plists that
/// attack the parser are in MalformedBinaryCatalogTests.
@Suite struct MalformedCatalogTests {
  let harness = TestHarness.game()
  var refusal: CatalogRefusal { CatalogRefusal(harness: harness) }
  var good: [UInt8] { Array(TestHarness.gameCatalog.utf8) }

  /// A plist document in XML around `body`.
  static func xml(_ body: String) -> [UInt8] {
    Array(#"<?xml version="1.0" encoding="UTF-8"?><plist version="1.0">\#(body)</plist>"#.utf8)
  }

  /// The bundled catalog, decoded with Foundation's reader.
  static func gameDictionary() throws -> [String: Any] {
    try #require(try PropertyListSerialization.propertyList(from: Data(TestHarness.gameCatalog.utf8), format: nil) as? [String: Any])
  }

  @Test func truncatedXML() {
    refusal.expectRefused("truncated.plist", bytes: Array(good.prefix(good.count / 2)), 65, "truncated.plist: not a property list")
  }

  @Test func anEmptyFile() { refusal.expectRefused("empty.plist", bytes: [], 65, "empty document") }

  @Test func aRootThatIsAnArray() {
    refusal.expectRefused(
      "root-array.plist", bytes: Self.xml("<array><integer>1</integer><integer>2</integer></array>"), 65,
      "expected a dictionary at the root, got an array")
  }

  @Test func productsThatIsAString() {
    refusal.expectRefused(
      "products-string.plist", bytes: Self.xml("<dict><key>products</key><string>all of them</string></dict>"), 65,
      #"products: expected an array of product dictionaries, got "all of them""#)
  }

  @Test func everyFieldOfTheWrongTypeIsReported() {
    let product = "<dict><key>id</key><integer>5</integer><key>type</key><true/><key>title</key><array/>"
      + "<key>description</key><dict/><key>price</key><string>1,99</string></dict>"
    let last = refusal.expectRefused(
      "wrong-types.plist", bytes: Self.xml("<dict><key>products</key><array>\(product)</array></dict>"), 65,
      "products[0]: price: expected a decimal number")
    #expect(last.errorCount >= 5, "not every problem was reported: \(last.stderr)")
  }

  @Test func duplicateIds() throws {
    var catalog = try Self.gameDictionary()
    let products = try #require(catalog["products"] as? [Any])
    catalog["products"] = [products[0], products[1], products[0]]
    let data = try PropertyListSerialization.data(fromPropertyList: catalog, format: .xml, options: 0)
    refusal.expectRefused(
      "duplicates.plist", bytes: Array(data), 65, "products[2] (com.example.fakegame.extra_lives): id: duplicate of products[0]")
  }

  @Test func oneHundredThousandNestedArrays() {
    let depth = 100_000
    refusal.expectRefused(
      "deep-xml.plist", bytes: Array(("<plist version=\"1.0\">" + String(repeating: "<array>", count: depth)
        + String(repeating: "</array>", count: depth) + "</plist>").utf8), 65, "nested deeper than 100 levels")
  }

  @Test func fiveThousandNestedDictionaries() {
    let depth = 5_000
    refusal.expectRefused(
      "deep-dict.plist", bytes: Array(("<plist><dict>" + String(repeating: "<key>k</key><dict>", count: depth)
        + String(repeating: "</dict>", count: depth) + "</dict></plist>").utf8), 65, "nested deeper than 100 levels")
  }

  @Test func randomBytes() {
    refusal.expectRefused("garbage.plist", bytes: (0..<4096).map { _ in UInt8.random(in: 0...255) }, 65, "not a property list")
  }

  @Test func invalidUTF8InAString() {
    let parts = TestHarness.gameCatalog.components(separatedBy: "Rocket Car").map { Array($0.utf8) }
    let bytes = Array(parts.joined(separator: Array("Rocket ".utf8) + [0xFF, 0xFE] + Array(" Car".utf8)))
    refusal.expectRefused("bad-utf8.plist", bytes: bytes, 65, "invalid UTF-8")
  }

  /// Megabytes of garbage after a plausible start are read to their end and refused.
  @Test func megabytesOfGarbage() {
    let start = #"<?xml version="1.0"?><plist><dict><key>products</key><array>"#
    let chunk = "<dict><key>id</key><strin"
    let text = start + String(repeating: chunk, count: Self.hugeSize / chunk.utf8.count)
    refusal.expectRefused("huge-garbage.plist", bytes: Array(text.utf8), 65, "not a property list")
  }

  /// A valid catalog carrying megabytes in one string is read, with a warning for the key.
  @Test func megabytesInAValidCatalog() throws {
    let products = try #require(TestHarness.gameCatalog.range(of: "<key>products</key>"))
    var text = TestHarness.gameCatalog
    text.insert(contentsOf: "<key>padding</key><string>\(String(repeating: "x", count: Self.hugeSize))</string>", at: products.lowerBound)
    harness.write("huge-valid.plist", text)
    let result = harness.run("--catalog huge-valid.plist products fetch com.example.fakegame.rocket_car")
    #expect(result.status == 0)
    #expect(result.stderr == "warning: huge-valid.plist: padding: unknown key (ignored)\n")
  }

  @Test func aFolder() { refusal.expectRefused(".", 66, "is a folder, not a file") }

  @Test func aMissingFile() { refusal.expectRefused("nowhere.plist", 66, "catalog not found: nowhere.plist") }

  /// The huge files' size: far more than any catalog; 8 MB by default, for a debug build to
  /// read in a few seconds, and 50 MB with IAP_TEST_SCALE=full (.ci/run).
  static let hugeSize = (ProcessInfo.processInfo.environment["IAP_TEST_SCALE"] == "full" ? 50 : 8) * 1024 * 1024
}

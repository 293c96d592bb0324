import Foundation
import Testing

@testable import IAPCatalog
@testable import IAPCore

@Suite struct ContentValidatorTests {
  func catalog(_ content: String, type: String = "nonConsumable") -> String {
    CatalogFixtures.plist(products: [CatalogFixtures.product("levels", type, price: "<string>1</string>", extra: "<key>content</key>\(content)")])
  }

  func problems(_ text: String) -> [String] {
    do {
      _ = try CatalogLoader.parse(Data(text.utf8), displayPath: "c.plist")
      Issue.record("expected the catalog to be rejected")
      return []
    } catch {
      guard case let .catalogInvalid(_, problems) = error else { return ["unexpected \(error)"] }
      return problems
    }
  }

  @Test func aNonConsumableKeepsItsNormalizedContentPath() throws {
    let loaded = try CatalogLoader.parse(Data(catalog("<string>./content//levels/</string>").utf8), displayPath: "c.plist")
    #expect(loaded.warnings.isEmpty)
    #expect(loaded.catalog.product("levels")?.content == "content/levels")
  }

  @Test func escapesAreErrorsNamingTheProductAndKey() {
    #expect(problems(catalog("<string>../secrets</string>")) == [
      "c.plist: products[0] (levels): content: \"../secrets\": '..' is refused: content must be a file or folder inside the catalog's folder"
    ])
    #expect(problems(catalog("<string>/etc/passwd</string>")) == [
      "c.plist: products[0] (levels): content: \"/etc/passwd\": an absolute path is refused: content must be a file or folder inside the catalog's folder"
    ])
    #expect(problems(catalog("<integer>3</integer>")) == [
      "c.plist: products[0] (levels): content: expected a file or folder relative to the catalog's folder, got 3"
    ])
  }

  @Test func otherProductTypesGetAWarningAndNoContent() throws {
    let loaded = try CatalogLoader.parse(Data(catalog("<string>x</string>", type: "consumable").utf8), displayPath: "c.plist")
    #expect(loaded.warnings == ["c.plist: products[0] (levels): content: only applies to nonConsumable products (ignored)"])
    #expect(loaded.catalog.product("levels")?.content == nil)
  }

  @Test func thePlistWriterKeepsContent() throws {
    let original = try CatalogLoader.parse(Data(catalog("<string>content/levels</string>").utf8), displayPath: "c.plist").catalog
    let xml = try CatalogPlistWriter.xml(original, source: "c.plist", displayPath: "c.plist")
    #expect(xml.contains("<key>content</key>\n\t\t\t<string>content/levels</string>"))
    let back = try CatalogLoader.parse(Data(xml.utf8), displayPath: "out.plist").catalog
    #expect(back == original)
  }
}

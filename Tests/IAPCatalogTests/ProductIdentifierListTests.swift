import Testing

@testable import IAPCatalog
@testable import IAPCore

@Suite struct ProductIdentifierListTests {
  let temporary = TemporaryFolder()

  func load(_ text: String) throws(CatalogError) -> [String] {
    temporary.write("ids.plist", text)
    return try ProductIdentifierList.load(path: temporary.directory + "/ids.plist", displayPath: "ids.plist")
  }

  @Test func readsARootArrayOfStrings() throws {
    // DOCTYPE split over two lines and no trailing newline, as some apps ship it.
    let text = """
      <?xml version="1.0" encoding="UTF-8"?>
      <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN"
      "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
      <plist version="1.0"><array><string>a</string><string>b.c</string></array></plist>
      """
    #expect(try load(text) == ["a", "b.c"])
  }

  @Test func readsADictionaryOfItemsInNaturalOrder() throws {
    var items = ""
    for n in [10, 2, 0, 1] { items += "<key>Item \(n)</key><string>id\(n)</string>" }
    #expect(try load("<plist><dict>\(items)</dict></plist>") == ["id0", "id1", "id2", "id10"])
  }

  @Test func rejectsNonStringsAndOtherRoots() {
    #expect(throws: CatalogError.inputInvalid(path: "ids.plist", reason: "[1]: expected a string, got 5")) {
      try load("<plist><array><string>a</string><integer>5</integer></array></plist>")
    }
    #expect(throws: CatalogError.inputInvalid(path: "ids.plist", reason: "expected an array of product identifiers at the root, got \"x\"")) {
      try load("<plist><string>x</string></plist>")
    }
    #expect(throws: CatalogError.inputInvalid(path: "ids.plist", reason: "not a property list (XML or binary): unterminated <string> at byte 34")) {
      try load("<plist><array><string>unterminated")
    }
  }

  @Test func reportsAMissingFile() {
    #expect(throws: CatalogError.inputMissing(path: "none.plist")) {
      try ProductIdentifierList.load(path: temporary.directory + "/none.plist", displayPath: "none.plist")
    }
  }
}

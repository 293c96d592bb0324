import IAPTesting
import Testing

@testable import IAPCLI
@testable import IAPCore
@testable import IAPKit

/// Regression tests for what `scripts/fuzz arguments` and `scripts/fuzz catalog` found:
/// user text quoted in a diagnostic broke it over several lines.
@Suite struct ConsoleTests {
  let harness = TestHarness()

  @Test func escapesLineBreaksAndControlCharacters() {
    #expect(Console.oneLine("a\nb\r\u{1B}[31m\u{2028}c\td") == "a\\nb\\r\\u{1B}[31m\\u{2028}c\td")
    #expect(Console.oneLine("plain ü €") == "plain ü €")
  }

  @Test func anArgumentWithANewlineGivesOneLineErrors() {
    // The fuzzer's input: an unknown option "-%\u{4}bu\n".
    let result = harness.run(["-%\u{4}bu\n", "-x"])
    #expect(result.status == 64)
    #expect(result.stderr.split(separator: "\n").count == 3)
    #expect(result.stderr.hasPrefix("error: unknown option '-%\\u{4}bu\\n'\n"))
  }

  @Test func aCatalogKeyWithANewlineGivesOneLineWarnings() {
    let product = TestHarness.product("gems", "consumable", price: "<string>1</string>", extra: "<key>odd\nkey</key><true/>")
    harness.write("catalog.plist", TestHarness.plist(products: [product], top: "<key>prr\nucts</key><true/>"))
    let result = harness.run("products list")
    #expect(result.status == 0)
    #expect(result.stderr == """
      warning: catalog.plist: prr\\nucts: unknown key (ignored)
      warning: catalog.plist: products[0] (gems): odd\\nkey: unknown key (ignored)

      """)
  }
}

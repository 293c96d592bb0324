import Foundation
import Testing

@testable import IAPCore

/// The generated price table is what `NumberFormatter` writes on this machine today: a
/// Foundation or ICU update that changes a format fails here, naming the fix
/// (`scripts/gen-price-table`), rather than changing what `PriceFormatter` writes unnoticed.
@Suite struct PriceTableTests {
  /// A few prices that cross every format's grouping, rounding and sign.
  static let few = ["1234567.891", "0.995", "12345", "-1.5"]
  /// IAP_TEST_SCALE=full (.ci/run) measures every pair; `swift test`'s default, about a
  /// twentieth.
  static let full = ProcessInfo.processInfo.environment["IAP_TEST_SCALE"] == "full"
  /// Locales every run measures, whatever the scale: common ones, with every script and
  /// grouping style among them.
  static let common: Set<String> = ["en_US", "fr_FR", "de_DE", "ja_JP", "zh_TW", "ar_EG", "hi_IN", "fa_IR", "de_CH", "es_ES"]
  /// One measurement of the pairs, with `NumberFormatter`'s output of `few` in each, for
  /// this test and `PriceFormatterTests`' (a formatter a pair is most of the cost, and there
  /// are as many pairs as locales times currencies). Quick: the common locales and one in
  /// 32 of the rest (chosen by place in the sorted list, so the same every run).
  static let measured = Result {
    try PriceTableGenerator.measure(writing: few, including: full ? nil : { index, locale in common.contains(locale) || index % 32 == 0 })
  }

  /// The whole table is only known from the whole measurement, so this runs at full scale
  /// (.ci/run, and `scripts/gen-price-table --check`); at the quick scale
  /// `PriceFormatterTests` still checks what the checked-in table writes against
  /// `NumberFormatter` for the pairs measured, which a stale table fails too.
  @Test(.enabled(if: full, "IAP_TEST_SCALE=full: the whole table is measured"))
  func theCheckedInTableIsWhatTheGeneratorWritesToday() throws {
    let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Sources/IAPCore/Catalog/PriceTable+Data.swift")
    let checkedIn = try String(contentsOf: path, encoding: .utf8)
    let generated = try PriceTableGenerator.render(Self.measured.get())
    #expect(checkedIn == generated, "Sources/IAPCore/Catalog/PriceTable+Data.swift is stale: run scripts/gen-price-table")
  }

  @Test func localesInheritFromTheNearestAncestorTheTableHas() {
    #expect(PriceTable.chain(for: "sr_Latn_BA") == ["sr_Latn_BA", "sr_Latn", "sr"])
    #expect(PriceTable.chain(for: "fr_XX") == ["fr"])
    #expect(PriceTable.chain(for: "xx_YY") == ["*"])
    #expect(PriceTable.chain(for: "") == ["*"])
  }

  @Test func localeIdentifiersAreReadInICUsCase() {
    #expect(PriceLocale("zh-hant-tw").base == "zh_Hant_TW")
    #expect(PriceLocale("zh-hant-tw").region == "TW")
    #expect(PriceLocale("EN_us_posix").base == "en_US_POSIX")
    #expect(PriceLocale("es_419").region == "419")
    #expect(PriceLocale("de_DE@currency=chf;rg=frzzzz").keyword("currency") == "chf")
    #expect(PriceLocale("de_DE@currency=chf;rg=frzzzz").keyword("rg") == "frzzzz")
    #expect(PriceLocale("de").region == nil)
    #expect(PriceLocale("en-US-u-cu-eur").base == "en_US")
    #expect(PriceLocale("en-US-u-cu-eur").keyword("currency") == "eur")
    #expect(PriceLocale("de-CH-U-rg-frzzzz-nu-arab").keyword("rg") == "frzzzz")
  }
}

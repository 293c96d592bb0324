/// ICU's currency spacing: where a currency symbol meets a digit, the locale's spacing goes
/// between them when the symbol's character next to the number is neither a symbol nor a
/// separator (ICU's `currencySpacing`, `[[:^S:]&[:^Z:]]` next to `[:digit:]`): `CHF 5`, `$5`.
///
/// One rule for `PriceTable`, which puts the spacing back, and for the generator of its data
/// (`Tests/IAPCoreTests/Catalog/PriceTableGenerator.swift`), which takes it out: the tests
/// import it, and `scripts/gen-price-table` compiles this file with the generator.
enum CurrencySpacing {
  /// Whether `symbol`, on the side `atEnd` says (its end touches a number after it), is spaced.
  static func applies(to symbol: String, atEnd: Bool) -> Bool {
    guard let scalar = atEnd ? symbol.unicodeScalars.last : symbol.unicodeScalars.first else { return false }
    switch scalar.properties.generalCategory {
    case .mathSymbol, .currencySymbol, .modifierSymbol, .otherSymbol, .spaceSeparator, .lineSeparator, .paragraphSeparator:
      return false
    default:
      return true
    }
  }
}

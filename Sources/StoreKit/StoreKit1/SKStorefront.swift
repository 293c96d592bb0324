import Foundation

/// The App Store country the customer buys in, as the store's `storefront` setting says.
public final class SKStorefront: NSObject, Sendable {
  /// The country, as ISO 3166-1 alpha-3 (`USA`).
  public let countryCode: String
  /// Apple's numeric identifier of the storefront (`143441`); empty for a country the store
  /// does not know.
  public let identifier: String

  init(countryCode: String, identifier: String) {
    self.countryCode = countryCode
    self.identifier = identifier
    super.init()
  }

  /// Whether `object` is the same storefront.
  public override func isEqual(_ object: Any?) -> Bool {
    guard let other = object as? SKStorefront else { return false }
    return other.countryCode == countryCode && other.identifier == identifier
  }

  /// A hash of the country, as `isEqual(_:)` compares it.
  public override var hash: Int { countryCode.hashValue }
}

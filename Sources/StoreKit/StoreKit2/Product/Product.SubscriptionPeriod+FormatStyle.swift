import Foundation

extension Product.SubscriptionPeriod.Unit {
  /// StoreKit's `Product.SubscriptionPeriod.Unit.FormatStyle`: a unit as a word ("month").
  /// English only here: the store's locale does not reach Foundation's unit names on this
  /// platform.
  public struct FormatStyle: Foundation.FormatStyle, Sendable {
    /// The locale the style was made for.
    public var locale: Locale

    /// A style for `locale`.
    public init(locale: Locale = .current) { self.locale = locale }

    /// The unit as a word.
    public func format(_ unit: Product.SubscriptionPeriod.Unit) -> String { unit.localizedDescription.lowercased() }

    /// The same style for `locale`.
    public func locale(_ locale: Locale) -> Self { Self(locale: locale) }
  }
}

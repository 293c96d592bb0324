import Foundation

extension Transaction {
  /// The environment's name.
  @available(*, deprecated, message: "Use environment")
  public var environmentStringRepresentation: String { environment.rawValue }

  /// The reason's name.
  @available(*, deprecated, message: "Use reason")
  public var reasonStringRepresentation: String { reason.rawValue }

  /// The storefront's ISO 3166-1 alpha-3 code.
  @available(*, deprecated, message: "Use storefront")
  public var storefrontCountryCode: String { storefront.countryCode }

  /// The kind of offer redeemed.
  @available(*, deprecated, message: "Use offer")
  public var offerType: Transaction.OfferType? { offer?.type }

  /// The offer's identifier.
  @available(*, deprecated, message: "Use offer")
  public var offerID: String? { offer?.id }

  /// The offer's payment mode's name.
  @available(*, deprecated, message: "Use offer")
  public var offerPaymentModeStringRepresentation: String? { offer?.paymentMode?.rawValue }

  /// The offer's duration, ISO 8601.
  @available(*, deprecated, message: "Use offer")
  public var offerPeriodStringRepresentation: String? { offer?.period?.iso8601 }

  /// The ISO 4217 code of `price`.
  @available(*, deprecated, message: "Use currency")
  public var currencyCode: String? { currency?.identifier }
}

extension Product.SubscriptionInfo.RenewalInfo {
  /// The environment's name.
  @available(*, deprecated, message: "Use environment")
  public var environmentStringRepresentation: String { environment.rawValue }

  /// The kind of offer the next renewal redeems.
  @available(*, deprecated, message: "Use offer")
  public var offerType: Transaction.OfferType? { offer?.type }

  /// The identifier of the offer the next renewal redeems.
  @available(*, deprecated, message: "Use offer")
  public var offerID: String? { offer?.id }

  /// The payment mode's name of the offer the next renewal redeems.
  @available(*, deprecated, message: "Use offer")
  public var offerPaymentModeStringRepresentation: String? { offer?.paymentMode?.rawValue }

  /// The duration, ISO 8601, of the offer the next renewal redeems.
  @available(*, deprecated, message: "Use offer")
  public var offerPeriodStringRepresentation: String? { offer?.period?.iso8601 }
}

extension Transaction {
  /// StoreKit's `Transaction.OfferType`: the kind of offer a transaction redeemed.
  public struct OfferType: RawRepresentable, Equatable, Hashable, Sendable {
    /// `offerType` as signed transactions carry it.
    public let rawValue: Int

    /// The value of this raw value; one StoreKit does not name is kept as it is.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// An introductory offer.
    public static let introductory = OfferType(rawValue: 1)
    /// A promotional offer.
    public static let promotional = OfferType(rawValue: 2)
    /// An offer code.
    public static let code = OfferType(rawValue: 3)
    /// A win-back offer.
    public static let winBack = OfferType(rawValue: 4)

    /// The kind of offer, in English.
    public var localizedDescription: String {
      switch self {
      case .introductory: return "Introductory Offer"
      case .promotional: return "Promotional Offer"
      case .code: return "Offer Code"
      case .winBack: return "Win-Back Offer"
      default: return "Offer (type \(rawValue))"
      }
    }
  }
}

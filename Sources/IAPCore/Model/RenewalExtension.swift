import IAPFormats

/// A renewal-date extension the developer gave one subscription (Extend a Subscription
/// Renewal Date, or one subscriber of a mass extension): the renewal moved `days` later.
public struct RenewalExtension: Equatable, Sendable {
  /// The developer's identifier of the request: a repeated request is answered, not applied again.
  public var requestIdentifier: String
  public var days: Int
  /// `extendReasonCode`: 0 undeclared, 1 customer satisfaction, 2 other, 3 service issue or outage.
  public var reasonCode: Int
  /// When the store granted it (the store's clock).
  public var date: Timestamp
  /// The renewal date it set (`effectiveDate`).
  public var effectiveDate: Timestamp

  public init(requestIdentifier: String, days: Int, reasonCode: Int, date: Timestamp, effectiveDate: Timestamp) {
    self.requestIdentifier = requestIdentifier
    self.days = days
    self.reasonCode = reasonCode
    self.date = date
    self.effectiveDate = effectiveDate
  }

  /// Apple's limits: at most 90 days at a time, at most two extensions a customer in 365 days.
  public static let maximumDays = 90
  public static let maximumPerYear = 2
  /// Reason codes Apple defines.
  public static let reasonCodes = 0...3
}

/// A mass renewal-date extension (Extend Subscription Renewal Dates for All Active
/// Subscribers) and its outcome. The store completes it at once.
public struct MassExtension: Equatable, Sendable {
  public var requestIdentifier: String
  public var productId: String
  public var days: Int
  public var reasonCode: Int
  /// The storefronts it was limited to (empty: all).
  public var storefrontCountryCodes: [String]
  /// When it was requested, and so completed.
  public var date: Timestamp
  public var succeededCount = 0
  public var failedCount = 0

  public init(requestIdentifier: String, productId: String, days: Int, reasonCode: Int, storefrontCountryCodes: [String], date: Timestamp) {
    self.requestIdentifier = requestIdentifier
    self.productId = productId
    self.days = days
    self.reasonCode = reasonCode
    self.storefrontCountryCodes = storefrontCountryCodes
    self.date = date
  }

  /// How the state keys it: Apple looks a status up by product and request identifier.
  public var key: String { Self.key(productId: productId, requestIdentifier: requestIdentifier) }

  public static func key(productId: String, requestIdentifier: String) -> String { productId + "\n" + requestIdentifier }
}

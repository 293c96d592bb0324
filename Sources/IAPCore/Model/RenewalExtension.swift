import IAPFormats

/// A renewal-date extension the developer gave one subscription (Extend a Subscription
/// Renewal Date, or one subscriber of a mass extension): the renewal moved `days` later.
package struct RenewalExtension: Equatable, Sendable {
  /// The developer's identifier of the request: a repeated request is answered, not applied again.
  package var requestIdentifier: String
  package var days: Int
  /// `extendReasonCode`: 0 undeclared, 1 customer satisfaction, 2 other, 3 service issue or outage.
  package var reasonCode: Int
  /// When the store granted it (the store's clock).
  package var date: Timestamp
  /// The renewal date it set (`effectiveDate`).
  package var effectiveDate: Timestamp

  package init(requestIdentifier: String, days: Int, reasonCode: Int, date: Timestamp, effectiveDate: Timestamp) {
    self.requestIdentifier = requestIdentifier
    self.days = days
    self.reasonCode = reasonCode
    self.date = date
    self.effectiveDate = effectiveDate
  }

  /// Apple's limits: at most 90 days at a time, at most two extensions a customer in 365 days.
  package static let maximumDays = 90
  package static let maximumPerYear = 2
  /// Reason codes Apple defines.
  package static let reasonCodes = 0...3
}

/// A mass renewal-date extension (Extend Subscription Renewal Dates for All Active
/// Subscribers) and its outcome. The store completes it at once.
package struct MassExtension: Equatable, Sendable {
  package var requestIdentifier: String
  package var productId: String
  package var days: Int
  package var reasonCode: Int
  /// The storefronts it was limited to (empty: all).
  package var storefrontCountryCodes: [String]
  /// When it was requested, and so completed.
  package var date: Timestamp
  package var succeededCount = 0
  package var failedCount = 0

  package init(requestIdentifier: String, productId: String, days: Int, reasonCode: Int, storefrontCountryCodes: [String], date: Timestamp) {
    self.requestIdentifier = requestIdentifier
    self.productId = productId
    self.days = days
    self.reasonCode = reasonCode
    self.storefrontCountryCodes = storefrontCountryCodes
    self.date = date
  }

  /// How the state keys it: Apple looks a status up by product and request identifier.
  package var key: String { Self.key(productId: productId, requestIdentifier: requestIdentifier) }

  package static func key(productId: String, requestIdentifier: String) -> String { productId + "\n" + requestIdentifier }
}

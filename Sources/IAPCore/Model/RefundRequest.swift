import IAPFormats

/// `consumptionRequestReason`: why the customer asked Apple for a refund, as the
/// CONSUMPTION_REQUEST notification's `data` names it (App Store Server Notifications 2.11).
package enum ConsumptionRequestReason: String, CaseIterable, Sendable {
  case unintendedPurchase = "UNINTENDED_PURCHASE"
  case fulfillmentIssue = "FULFILLMENT_ISSUE"
  case unsatisfiedWithPurchase = "UNSATISFIED_WITH_PURCHASE"
  case legal = "LEGAL"
  case other = "OTHER"
}

/// Where a customer's refund request stands: Apple has it under review, declined it, or
/// granted it (`iap refund`).
package enum RefundRequestStatus: String, CaseIterable, Sendable {
  case pending
  case declined
  case granted
}

/// A customer's request to Apple for the refund of one purchase (reportaproblem.apple.com,
/// or StoreKit 2's `Transaction.beginRefundRequest`).
package struct RefundRequest: Equatable, Sendable {
  /// When the customer asked.
  package var date: Timestamp
  package var reason: ConsumptionRequestReason
  package var status: RefundRequestStatus
  /// What the developer's server answered the CONSUMPTION_REQUEST with (Send Consumption
  /// Information): the request body as it sent it, compact JSON; nil until it answered.
  package var consumptionInformation: String?

  package init(date: Timestamp, reason: ConsumptionRequestReason, status: RefundRequestStatus = .pending) {
    self.date = date
    self.reason = reason
    self.status = status
  }

  /// Whether Apple has yet to answer it: what the App Store Server API's Send Consumption
  /// Information endpoint answers to.
  package var isOpen: Bool { status == .pending }
}

import IAPFormats

/// Where a subscription billed monthly with a 12-month commitment stands in its commitment:
/// which of the twelve billing periods runs, when the commitment ends, and its prices.
package struct Commitment: Equatable, Sendable {
  /// The billing period running, 1 to `BillingPlan.commitmentPeriods` (`billingPeriodNumber`).
  package var billingPeriodNumber: Int
  /// When the commitment ends: the end of its last billing period (`commitmentExpiresDate`).
  package var expires: Timestamp
  /// Each billing period's price, a decimal string.
  package var price: String
  /// The whole commitment's price, a decimal string (`commitmentPrice`).
  package var commitmentPrice: String
  /// The product's own price billed up front: what a move to that plan renews at.
  package var upfrontPrice: String

  package init(billingPeriodNumber: Int, expires: Timestamp, price: String, commitmentPrice: String, upfrontPrice: String) {
    self.billingPeriodNumber = billingPeriodNumber
    self.expires = expires
    self.price = price
    self.commitmentPrice = commitmentPrice
    self.upfrontPrice = upfrontPrice
  }

  /// Whether billing periods of the commitment remain after the running one: the customer
  /// owes them whatever auto-renewal says.
  package var hasPeriodsLeft: Bool { billingPeriodNumber < BillingPlan.commitmentPeriods }

  /// The commitment as one transaction carries it (`TransactionCommitmentInfo`).
  package var transactionInfo: TransactionCommitment {
    TransactionCommitment(
      billingPeriodNumber: billingPeriodNumber, totalBillingPeriods: BillingPlan.commitmentPeriods,
      commitmentPrice: commitmentPrice, expires: expires)
  }
}

/// A transaction's place in a commitment (`TransactionCommitmentInfo`): billing period n of
/// `totalBillingPeriods`, the commitment's price and end.
package struct TransactionCommitment: Equatable, Sendable {
  package var billingPeriodNumber: Int
  package var totalBillingPeriods: Int
  /// A decimal string.
  package var commitmentPrice: String
  package var expires: Timestamp

  package init(billingPeriodNumber: Int, totalBillingPeriods: Int, commitmentPrice: String, expires: Timestamp) {
    self.billingPeriodNumber = billingPeriodNumber
    self.totalBillingPeriods = totalBillingPeriods
    self.commitmentPrice = commitmentPrice
    self.expires = expires
  }
}

import Foundation
import IAPFormats

extension Transaction {
  /// StoreKit's `Transaction.CommitmentInfo`: a monthly billing period's place in its
  /// 12-month commitment.
  public struct CommitmentInfo: Equatable, Hashable, Sendable {
    /// When the commitment ends.
    public let expirationDate: Date
    /// This billing period's number, from 1.
    public let billingPeriodNumber: UInt64
    /// The billing periods of the commitment (12).
    public let totalBillingPeriods: UInt64
    /// The price of the whole commitment.
    public let price: Decimal

    /// The payload's `commitmentInfo`; nil when it lacks a member.
    init?(payload p: JSONValue) {
      guard let info = p["commitmentInfo"], let expires = info.date("commitmentExpiresDate"),
        let number = info.int("billingPeriodNumber"), let total = info.int("totalBillingPeriods"), number > 0, total > 0,
        let price = info.milliunits("commitmentPrice")
      else { return nil }
      expirationDate = expires
      billingPeriodNumber = UInt64(number)
      totalBillingPeriods = UInt64(total)
      self.price = price
    }
  }
}

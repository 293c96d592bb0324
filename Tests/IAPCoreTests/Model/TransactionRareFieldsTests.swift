import Testing

@testable import IAPCore
@testable import IAPFormats

/// The fields most transactions leave unset live out of line (`TransactionRareFields`); a
/// `Transaction` must still behave as a plain value.
@Suite struct TransactionRareFieldsTests {
  func transaction() -> Transaction {
    Transaction(
      id: 7, originalId: 7, productId: "gems", productType: .consumable, state: .purchased, quantity: 1,
      purchaseDate: Timestamp(milliseconds: 1_000), originalPurchaseDate: Timestamp(milliseconds: 1_000),
      account: "a", device: "d")
  }

  @Test func aCopyKeepsItsOwnFields() {
    var original = transaction()
    original.applicationUsername = "user-1"
    var copy = original
    copy.applicationUsername = "user-2"
    copy.refundReversalDate = Timestamp(milliseconds: 5)
    #expect(original.applicationUsername == "user-1" && original.refundReversalDate == nil)
    #expect(copy.applicationUsername == "user-2" && copy.refundReversalDate == Timestamp(milliseconds: 5))
  }

  @Test func everyFieldReadsBackWhatWasSet() {
    var t = transaction()
    t.revocationDate = Timestamp(milliseconds: 9)
    t.revocationReason = .developerIssue
    t.applicationUsername = "u"
    t.offerDiscountType = .freeTrial
    t.offerPeriod = "P1W"
    t.offerIdentifier = "promo"
    t.appAccountToken = "0b1e3c2a-1111-4222-8333-444455556666"
    t.finishedAtReceiptUpdate = 3
    t.refundReversalDate = Timestamp(milliseconds: 11)
    t.familySharedFrom = 2
    #expect(t.revocationDate == Timestamp(milliseconds: 9) && t.revocationReason == .developerIssue)
    #expect(t.applicationUsername == "u" && t.offerDiscountType == .freeTrial && t.offerPeriod == "P1W")
    #expect(t.offerIdentifier == "promo" && t.appAccountToken == "0b1e3c2a-1111-4222-8333-444455556666")
    #expect(t.finishedAtReceiptUpdate == 3 && t.refundReversalDate == Timestamp(milliseconds: 11) && t.familySharedFrom == 2)
  }

  /// Equality compares values, not how they are stored: a field set and unset again leaves
  /// the transaction equal to one where it never was, and the initializer's fields count.
  @Test func equalityIsByValue() {
    var t = transaction()
    t.offerIdentifier = "promo"
    #expect(t != transaction())
    t.offerIdentifier = nil
    #expect(t == transaction())
    let made = Transaction(
      id: 7, originalId: 7, productId: "gems", productType: .consumable, state: .purchased, quantity: 1,
      purchaseDate: Timestamp(milliseconds: 1_000), originalPurchaseDate: Timestamp(milliseconds: 1_000),
      applicationUsername: "u", account: "a", device: "d")
    var set = transaction()
    set.applicationUsername = "u"
    #expect(made == set && made != transaction())
  }
}

import Testing

@testable import IAPCLI
@testable import IAPCore
@testable import IAPFormats

/// The notes a transaction's line ends with name Apple's words as Apple spells them: an
/// enum's raw value, never a Swift case name.
@Suite struct TransactionViewTests {
  static let date = Timestamp(iso8601: "2026-01-15T10:00:00Z")!

  static func transaction(_ change: (inout Transaction) -> Void) -> Transaction {
    var t = Transaction(
      id: 5, originalId: 5, productId: "club", productType: .autoRenewable, state: .purchased, quantity: 1,
      purchaseDate: date, originalPurchaseDate: date, account: "a", device: "d")
    change(&t)
    return t
  }

  @Test func anIntroductoryOfferIsNamedByApplesDiscountType() {
    let trial = Self.transaction {
      $0.offerDiscountType = .freeTrial
      $0.offerPeriod = "P1W"
    }
    #expect(TransactionView.cells(trial, showFinished: false).last == "introductory offer FREE_TRIAL P1W")
  }

  @Test func aRedeemedOfferIsNamedByItsKind() {
    let code = Self.transaction {
      $0.offerIdentifier = "LOYAL"
      $0.redeemedOfferType = .offerCode
    }
    #expect(TransactionView.cells(code, showFinished: false).last == "offer code LOYAL")
    let promotional = Self.transaction { $0.offerIdentifier = "comeback" }
    #expect(TransactionView.cells(promotional, showFinished: false).last == "promotional offer comeback")
  }
}

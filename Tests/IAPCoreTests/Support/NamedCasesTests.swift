import Testing

@testable import IAPCore

/// The hand-written case names must be Swift's own spelling: users and `.storekit` files
/// name cases that way, and the names are stored in settings.
@Suite struct NamedCasesTests {
  @Test func errorCodeNamesAreTheSwiftCaseNames() {
    for code in SKErrorCode.allCases {
      #expect(code.name == String(describing: code))
    }
  }

  @Test func timeRateNamesAreTheSwiftCaseNames() {
    for rate in TimeRate.allCases {
      #expect(rate.name == String(describing: rate))
    }
  }

  @Test func looksUpByNameInAnyCaseOrByNumber() {
    #expect(SKErrorCode(nameOrNumber: "PAYMENTCANCELLED") == .paymentCancelled)
    #expect(SKErrorCode(nameOrNumber: "5") == .storeProductNotAvailable)
    #expect(TimeRate(nameOrNumber: "oneRenewalEveryTwoSeconds") == .oneRenewalEveryTwoSeconds)
    #expect(TimeRate(nameOrNumber: "1005") == .oneRenewalEveryTwoSeconds)
    #expect(SKErrorCode(nameOrNumber: "notACode") == nil)
    #expect(TimeRate(nameOrNumber: "7") == nil)
    // By name only: a number is not a name.
    #expect(SKErrorCode(name: "overlayTimeout") == .overlayTimeout)
    #expect(SKErrorCode(name: "5") == nil)
  }
}

import IAPFormats
import IAPTesting
import Testing

@testable import IAPCLI
@testable import IAPCore
@testable import IAPKit

@Suite struct CanMakePaymentsCommandTests {
  let harness = TestHarness()

  @Test func answersYesUntilPaymentsAreRestricted() {
    #expect(harness.run("can-make-payments").stdout == "yes\n")
    harness.run("settings set can-make-payments off")
    let no = harness.run("can-make-payments --json")
    #expect(no.status == 1)
    #expect(no.json == .object([("canMakePayments", .bool(false))]))
    let buy = harness.run("buy sword --json")
    #expect(buy.status == 1)
    #expect(buy.json.transactions[1]["error"]?["name"] == .string("paymentNotAllowed"))
  }

  @Test func simulatedErrorsFailTheirAPI() {
    harness.run("settings set fail-load-products networkError")
    harness.run("settings set fail-load-products 7")
    let fetch = harness.run("products fetch sword --json")
    #expect(fetch.status == 1)
    #expect(fetch.json["error"]?["name"] == .string("cloudServiceNetworkConnectionFailed"))
    #expect(fetch.json["error"]?["domain"] == .string("SKErrorDomain"))
    #expect(fetch.stderr.hasPrefix("error: request(_:didFailWithError:)"))
    harness.run("buy sword --finish")
    harness.run("settings set fail-restore unknown")
    let log = harness.read(".iap/transactions.log")
    let restore = harness.run("restore")
    #expect(restore.status == 1)
    #expect(restore.stderr.hasPrefix("error: paymentQueue(_:restoreCompletedTransactionsFailedWithError:)"))
    #expect(harness.read(".iap/transactions.log") == log, "a failed restore creates nothing")
    let once = harness.run("buy gems --fail paymentCancelled --json")
    #expect(once.json.transactions[1]["error"]?["code"] == .int(2))
    #expect(harness.run("buy gems").status == 0, "--fail lasts one purchase")
  }
}

import IAPFormats
import IAPTesting
import Testing

@testable import IAPCLI
@testable import IAPCore
@testable import IAPKit

@Suite struct ReceiptCommandTests {
  let harness = TestHarness()

  @Test func verifyReadsReceiptDataFromStandardInput() {
    harness.run("buy sword --finish")
    let data = harness.run("receipt --base64").stdout
    #expect(!data.isEmpty)
    // Wrapped over lines with CRLF, as pasted: the line breaks are not part of the data.
    let half = data.index(data.startIndex, offsetBy: data.count / 2)
    harness.stdin = String(data[..<half]) + "\r\n" + String(data[half...])
    let result = harness.run("receipt verify --data -")
    #expect(result.status == 0)
    #expect(result.json["status"] == .int(0))
    #expect(result.json["receipt"]?["in_app"]?.arrayValue?.first?["product_id"] == .string("sword"))
  }

  @Test func verifyAnswers21002ForWhatIsNotReceiptDataOnStandardInput() {
    harness.stdin = "not base64 at all!\n"
    let result = harness.run("receipt verify --data -")
    #expect(result.status == 1)
    #expect(result.json["status"] == .int(21002))
  }

  /// Apple (App Store Receipts, `responseBody`): `latest_receipt`, `latest_receipt_info` and
  /// `pending_renewal_info` are "only returned for receipts that contain auto-renewable
  /// subscriptions".
  @Test func verifyReturnsTheLatestInfoOnlyForReceiptsWithAnAutoRenewable() {
    harness.run("buy sword --finish")
    let plain = harness.run("receipt verify").json
    #expect(plain["status"] == .int(0))
    #expect(plain["latest_receipt"] == nil && plain["latest_receipt_info"] == nil && plain["pending_renewal_info"] == nil)
    harness.run("buy pro.monthly --finish")
    let subscribed = harness.run("receipt verify").json
    #expect(subscribed["latest_receipt"]?.stringValue?.isEmpty == false)
    #expect(subscribed["latest_receipt_info"]?.arrayValue?.count == 2)
    #expect(subscribed["pending_renewal_info"]?.arrayValue?.count == 1)
  }
}

import IAPCore
import IAPFormats
import IAPKit
import Testing

/// The core's errors carry plain messages; the front ends' remedies, statuses and the
/// `{"error": …}` document are IAPKit's views (issue 33), and what users see is unchanged.
@Suite struct IAPErrorPresentationTests {
  @Test func theCoreMessageNamesNoOptionAndTheFrontEndsAddTheRemedy() {
    let missing = IAPError.catalogMissing(path: "shop.plist")
    #expect(missing.messages == ["catalog not found: shop.plist"])
    #expect(missing.userMessages == ["catalog not found: shop.plist (use --catalog PATH or IAP_CATALOG)"])
    let damaged = IAPError.stateDamaged(path: ".iap/transactions.log", offset: 12, reason: "bad checksum")
    #expect(!damaged.messages[0].contains("iap doctor"))
    #expect(damaged.userMessages[0].hasSuffix("until it is repaired (iap doctor --repair)"))
    let refused = IAPError.settingsIncomplete("why")
    #expect(refused.userMessages == refused.messages, "no remedy: the message as it is")
  }

  @Test func catalogProblemsKeepOneLineEach() {
    let invalid = IAPError.catalogInvalid(path: "shop.plist", problems: ["a", "b"])
    #expect(invalid.userMessages == ["a", "b"])
  }

  @Test func statusesAndTheDocumentAreAsBefore() {
    let missing = IAPError.catalogMissing(path: "shop.plist")
    #expect(missing.exitCode == .noInput && missing.httpStatus == 500)
    #expect(IAPError.usage("no", command: []).exitCode == .usage)
    #expect(IAPError.refused(.unknownTransaction("7")).httpStatus == 404)
    #expect(
      JSONWriter.compact(missing.json)
        == #"{"domain":"iap","code":66,"name":"catalogMissing","message":"catalog not found: shop.plist (use --catalog PATH or IAP_CATALOG)","exitCode":66}"#
    )
  }
}

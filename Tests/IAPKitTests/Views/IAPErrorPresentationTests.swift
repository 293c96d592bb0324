import IAPCatalog
import IAPCore
import IAPFormats
import IAPKit
import IAPStorage
import Testing

/// The core's errors carry plain messages; the front ends' remedies and statuses are IAPKit's
/// views, which add the remedy in the front end's terms (the `{"error": …}` document is
/// IAPOperations', IAPErrorJSONTests).
@Suite struct IAPErrorPresentationTests {
  @Test func theCoreMessageNamesNoOptionAndTheFrontEndsAddTheRemedy() {
    let missing = IAPError.catalog(.catalogMissing(path: "shop.plist"))
    #expect(missing.messages == ["catalog not found: shop.plist"])
    #expect(missing.userMessages == ["catalog not found: shop.plist (use --catalog PATH or IAP_CATALOG)"])
    let damaged = IAPError.state(.damaged(path: ".iap/transactions.log", offset: 12, reason: "bad checksum"))
    #expect(!damaged.messages[0].contains("iap doctor"))
    #expect(damaged.userMessages[0].hasSuffix("until it is repaired (iap doctor --repair)"))
    let unknown = IAPError.refused(.unknownTransaction("7"))
    #expect(unknown.userMessages == unknown.messages, "no remedy: the message as it is")
  }

  /// The refusals that name a way out name it in the front end's words, after the core's
  /// message (which names no command), as they always read.
  @Test func refusalsNameTheirWayOutInTheFrontEnd() {
    let cases: [(StoreRefusal, String)] = [
      (.unknownKey("K1"), "no key 'K1' is registered (iap keys list)"),
      (.duplicateKey("K1"), "a key 'K1' is already registered: remove it first (iap keys remove K1)"),
      (.noRefundRequest(5), "transaction 5 has no refund request under review: the customer asks first (iap refund-request 5)"),
      (.refundRequestPending(5), "transaction 5 already has a refund request under review: grant it or decline it (iap refund 5, or iap refund-decline 5)"),
      (.noPriceIncrease("pro"), "the subscription to 'pro' has no price increase waiting for consent (iap subscription price-increase pro --price P)"),
      (.saleUnchanged("pro", onSale: true), "'pro' is on sale already (iap products remove-from-sale pro takes it off)"),
      (.namespaceLimit(64), "this state holds 64 namespaces, its limit: delete one first (DELETE /ns/{name}/iap/v1)"),
      (.namespaceBusy("suite-1", reason: "requests to it did not finish within 10 s"), "namespace 'suite-1' is busy: requests to it did not finish within 10 s"),
    ]
    for (refusal, seen) in cases {
      #expect(!refusal.message.contains("iap ") && !refusal.message.contains("DELETE"), "the core names no command: \(refusal.message)")
      #expect(IAPError.refused(refusal).userMessages == [seen])
    }
    let incomplete = IAPError.settingsIncomplete("the Production environment needs app-apple-id")
    #expect(incomplete.userMessages[0].hasSuffix("(iap settings set app-apple-id NUMBER, or the catalog's appAppleId; or iap settings set environment Sandbox)"))
  }

  @Test func catalogProblemsKeepOneLineEach() {
    let invalid = IAPError.catalog(.catalogInvalid(path: "shop.plist", problems: ["a", "b"]))
    #expect(invalid.userMessages == ["a", "b"])
    #expect(invalid.exitCode == .dataError, "a catalog or .storekit file refused is a data error")
  }

  @Test func statusesAreAsBefore() {
    let missing = IAPError.catalog(.catalogMissing(path: "shop.plist"))
    #expect(missing.exitCode == .noInput && missing.httpStatus == 500)
    #expect(IAPError.invalidRequest("no").exitCode == .usage)
    #expect(IAPError.refused(.unknownTransaction("7")).httpStatus == 404)
    // The state folder's failures, whatever their cause, end as I/O errors.
    let state: [IAPError] = [
      .state(.unreadable(path: ".iap/store.json", reason: "x")), .state(.notAState(path: "decoy", reason: "x")),
      .state(.unwritable(path: "file/state", reason: "x")),
    ]
    for failure in state { #expect(failure.exitCode == .ioError, "\(failure)") }
  }
}

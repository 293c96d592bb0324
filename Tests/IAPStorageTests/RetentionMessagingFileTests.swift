import Testing

@testable import IAPCore
@testable import IAPFormats
@testable import IAPStorage

/// What each subscription was shown reads back as written: the promotional offer's signature
/// (either version), to be redeemed later, and whether the customer accepted it.
@Suite struct RetentionMessagingFileTests {
  @Test func theShownOffersReadBackAsWritten() throws {
    var value = RetentionMessaging()
    let v1 = PromotionalOfferRequest(offerId: "half", keyId: "KEY1", nonce: "3f2504e0-4f89-11d3-9a0c-0305e82c3301", timestamp: "1768471200000", signature: "MEUC")
    value.shown = [
      RetentionOffer(
        originalTransactionId: "1", productId: "pro.monthly", source: .realtime, messageIdentifier: "m1",
        signedOffer: RetentionSignedOffer(productId: "pro.monthly", offerId: "half", request: v1, appAccountToken: "b4e8f1c2-0000-4000-8000-000000000001"),
        accepted: true),
      RetentionOffer(
        originalTransactionId: "2", productId: "pro.monthly", source: .realtime, messageIdentifier: "m1",
        signedOffer: RetentionSignedOffer(productId: "pro.plus", offerId: "trial", request: PromotionalOfferRequest(jws: "a.b.c"))),
      RetentionOffer(originalTransactionId: "3", productId: "pro.monthly", source: .realtime, messageIdentifier: "m1", alternateProductId: "pro.plus"),
      RetentionOffer(originalTransactionId: "4", productId: "pro.monthly", source: .defaultMessage, messageIdentifier: "m2"),
    ]
    let text = JSONWriter.compact(RetentionMessagingFile.encode(value))
    #expect(RetentionMessagingFile.decode(try JSONParser.parse(Array(text.utf8))) == value)
  }

  @Test func aShownOfferWithoutItsSignatureFieldsIsNotReadAsOne() throws {
    let json = try JSONParser.parse(Array(#"{"shown": [{"originalTransactionId": "1", "productId": "p", "source": "realtime", "messageIdentifier": "m", "promotionalOffer": {"offerId": "half"}}]}"#.utf8))
    #expect(RetentionMessagingFile.decode(json) == nil)
  }
}

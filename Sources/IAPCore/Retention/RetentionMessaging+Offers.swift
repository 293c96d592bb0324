import IAPCrypto
import IAPFormats

extension RetentionMessaging {
  /// What a customer who began to cancel sees, and why the endpoint's answer was not used
  /// when it was set aside.
  package struct Choice: Equatable, Sendable {
    /// Nil when neither the answer nor a default message gives one.
    package var offer: RetentionOffer?
    /// Why the answer was set aside for the default message, in one sentence.
    package var setAside: String?
  }

  /// Why an answer fails, as Apple puts it: "otherwise, the retention message fails".
  private struct Failed: Error {
    var reason: String
  }

  /// What the customer of `originalTransactionId` sees on beginning to cancel `productId` in
  /// `locale`, in Apple's fallback order: the endpoint's `answer` (`RealtimeResponseBody`,
  /// with what it is checked against; nil when it did not answer 2xx within the time limit)
  /// when it holds, else the default message configured for the product and locale, else
  /// nothing.
  ///
  /// An answer holds when it gives exactly one of `message`, `alternateProduct` and
  /// `promotionalOffer` (Apple calls them mutually exclusive) naming an uploaded, `APPROVED`
  /// message (its images `APPROVED` too); a switch-plan or promotional-offer message has no
  /// image; an alternate product is another auto-renewable subscription of the same group;
  /// a promotional offer's signature passes the checks a StoreKit purchase makes.
  package func offer(
    originalTransactionId: String, productId: String, locale: String, answer: (body: JSONValue, context: RetentionAnswerContext)?
  ) -> Choice {
    var setAside: String?
    if let answer {
      do throws(Failed) {
        var offer = try realtimeOffer(answer.body, productId: productId, context: answer.context)
        offer.originalTransactionId = originalTransactionId
        return Choice(offer: offer)
      } catch {
        setAside = error.reason
      }
    }
    let localeTag = String(locale.map { $0 == "_" ? "-" : $0 })
    let configured = defaults.first { d in
      d.productId == productId && (d.locale == localeTag || d.locale == locale) && (try? shownMessage(d.messageIdentifier, imageless: false)) != nil
    }
    guard let configured else { return Choice(offer: nil, setAside: setAside) }
    let offer = RetentionOffer(
      originalTransactionId: originalTransactionId, productId: productId, source: .defaultMessage, messageIdentifier: configured.messageIdentifier)
    return Choice(offer: offer, setAside: setAside)
  }

  /// The offer `answer` makes, or why it fails.
  private func realtimeOffer(_ answer: JSONValue, productId: String, context: RetentionAnswerContext) throws(Failed) -> RetentionOffer {
    let options = ["message", "alternateProduct", "promotionalOffer"].filter { answer[$0] != nil && answer[$0] != .null }
    guard options.count == 1, let option = options.first, let chosen = answer[option] else {
      throw Failed(
        reason: options.isEmpty
          ? "the answer gives none of message, alternateProduct and promotionalOffer"
          : "the answer gives \(options.joined(separator: " and ")): the options are mutually exclusive")
    }
    guard let identifier = chosen["messageIdentifier"]?.stringValue else { throw Failed(reason: "the answer's \(option) has no messageIdentifier") }
    let message = try shownMessage(identifier, imageless: option != "message")
    var offer = RetentionOffer(originalTransactionId: "", productId: productId, source: .realtime, messageIdentifier: message.messageIdentifier)
    let group = context.catalog.product(productId)?.subscriptionGroup
    if option == "alternateProduct" {
      guard let alternate = chosen["productId"]?.stringValue else { throw Failed(reason: "the answer's alternateProduct has no productId") }
      guard alternate != productId else { throw Failed(reason: "the alternate product '\(alternate)' is the subscription being cancelled") }
      _ = try sameGroupSubscription(alternate, group: group, context: context)
      offer.alternateProductId = alternate
    } else if option == "promotionalOffer" {
      offer.signedOffer = try signedOffer(chosen, group: group, context: context)
    }
    return offer
  }

  /// The uploaded message `identifier` names when the App Store may show it: `APPROVED`, its
  /// images `APPROVED`, and without an image when `imageless`.
  private func shownMessage(_ identifier: String, imageless: Bool) throws(Failed) -> RetentionMessage {
    guard let found = message(identifier) else { throw Failed(reason: "message \(identifier.lowercased()) was not uploaded") }
    let id = found.messageIdentifier
    guard found.state == .approved else { throw Failed(reason: "message \(id) is \(found.state.rawValue), not APPROVED") }
    for image in found.imageIdentifiers where images.first(where: { $0.imageIdentifier == image })?.state != .approved {
      throw Failed(reason: "image \(image) of message \(id) is not APPROVED")
    }
    if imageless && found.image != nil {
      throw Failed(reason: "message \(id) has an image: a switch-plan or promotional-offer message is text only")
    }
    return found
  }

  /// The catalog's auto-renewable subscription `productId` when it is in `group`.
  private func sameGroupSubscription(_ productId: String, group: String?, context: RetentionAnswerContext) throws(Failed) -> Product {
    guard let product = context.catalog.product(productId), product.type == .autoRenewable else {
      throw Failed(reason: "'\(productId)' is not an auto-renewable subscription of the catalog")
    }
    guard let group, product.subscriptionGroup == group else {
      throw Failed(reason: "'\(productId)' is not in the subscription group '\(group ?? "")' of the subscription being cancelled")
    }
    return product
  }

  /// The promotional offer `chosen` signs (`promotionalOfferSignatureV1` or `…V2`, one of
  /// them), checked as a StoreKit purchase with that offer checks it.
  private func signedOffer(_ chosen: JSONValue, group: String?, context: RetentionAnswerContext) throws(Failed) -> RetentionSignedOffer {
    let v1 = chosen["promotionalOfferSignatureV1"].flatMap { $0 == .null ? nil : $0 }
    let v2 = chosen["promotionalOfferSignatureV2"].flatMap { $0 == .null ? nil : $0 }
    let request: PromotionalOfferRequest
    let productId: String?
    let token: String?
    switch (v1, v2) {
    case let (v1?, nil):
      request = PromotionalOfferRequest(
        offerId: v1["offerIdentifier"]?.stringValue, keyId: v1["keyId"]?.stringValue, nonce: v1["nonce"]?.stringValue,
        timestamp: v1["timestamp"]?.intValue.map { String($0) }, signature: v1["encodedSignature"]?.stringValue)
      productId = v1["productId"]?.stringValue
      token = v1["appAccountToken"]?.stringValue
    case let (nil, v2?):
      guard let jws = v2.stringValue else { throw Failed(reason: "promotionalOfferSignatureV2 is not a compact JWS") }
      request = PromotionalOfferRequest(jws: jws)
      productId = (try? JWS.decode(jws, key: nil))?.payload["productId"]?.stringValue
      token = nil
    default:
      throw Failed(reason: "the promotionalOffer gives \(v1 == nil ? "neither" : "both") promotionalOfferSignatureV1 \(v1 == nil ? "nor" : "and") promotionalOfferSignatureV2")
    }
    guard let productId else { throw Failed(reason: "the promotional offer's signature names no productId") }
    let product = try sameGroupSubscription(productId, group: group, context: context)
    switch context.verifier.verify(request, product: product, applicationUsername: token, ownsTransaction: context.ownedTransactionIds.contains) {
    case let .success(accepted):
      return RetentionSignedOffer(productId: productId, offerId: accepted.offer.id, request: request, appAccountToken: token)
    case let .failure(error):
      throw Failed(reason: "the promotional offer does not verify: \(error.message)")
    }
  }

  /// Keeps `offer` as the one its subscription shows, replacing an earlier one.
  package mutating func show(_ offer: RetentionOffer) {
    shown.removeAll { $0.originalTransactionId == offer.originalTransactionId }
    shown.append(offer)
  }
}

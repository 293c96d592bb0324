import IAPFormats

extension RetentionMessaging {
  /// What the customer of `originalTransactionId` sees on beginning to cancel `productId` in
  /// `locale`, given the endpoint's `answer` (`RealtimeResponseBody`; nil when it did not
  /// answer 2xx in time): the answer's message when it names an uploaded, approved one (with
  /// its alternate product or promotional offer), else the default message; nil when neither.
  package func offer(originalTransactionId: String, productId: String, locale: String, answer: JSONValue?) -> RetentionOffer? {
    var offer = RetentionOffer(originalTransactionId: originalTransactionId, productId: productId, source: .realtime, messageIdentifier: "")
    if let message = answer?["message"]?["messageIdentifier"]?.stringValue {
      offer.messageIdentifier = message
    } else if let alternate = answer?["alternateProduct"], let message = alternate["messageIdentifier"]?.stringValue {
      offer.messageIdentifier = message
      offer.alternateProductId = alternate["productId"]?.stringValue
    } else if let promotional = answer?["promotionalOffer"], let message = promotional["messageIdentifier"]?.stringValue {
      offer.messageIdentifier = message
      offer.promotionalOfferId = promotional["promotionalOfferSignatureV1"]?["offerIdentifier"]?.stringValue ?? ""
    }
    if let chosen = self.message(offer.messageIdentifier), chosen.state == .approved {
      offer.messageIdentifier = chosen.messageIdentifier
      return offer
    }
    let localeTag = String(locale.map { $0 == "_" ? "-" : $0 })
    guard let configured = defaults.first(where: { $0.productId == productId && ($0.locale == localeTag || $0.locale == locale) }) else { return nil }
    return RetentionOffer(originalTransactionId: originalTransactionId, productId: productId, source: .defaultMessage, messageIdentifier: configured.messageIdentifier)
  }

  /// Keeps `offer` as the one its subscription shows, replacing an earlier one.
  package mutating func show(_ offer: RetentionOffer) {
    shown.removeAll { $0.originalTransactionId == offer.originalTransactionId }
    shown.append(offer)
  }
}

import IAPCore
import IAPFormats
import IAPKit

/// The JSON of `iap messages --json`, `iap messages dismiss --json` and the control
/// plane's `/messages` routes.
package enum MessagesJSON {
  /// `messages`, and `retentionMessages` when `retention` has any: what customers who began
  /// to cancel were shown.
  package static func document(_ messages: [StoreMessage], retention: [RetentionOffer] = []) -> JSONValue {
    var document = JSONValue.object([
      ("messages", .array(messages.map { m in
        .object([
          ("id", .string(m.id)), ("reason", .string(m.reason.rawValue)), ("productId", .optional(m.productId)),
          ("subscriptionGroupIdentifier", .optional(m.group)), ("originalTransactionId", .optional(m.originalId.map { String($0) })),
          ("offerId", .optional(m.offerId)),
        ])
      }))
    ])
    guard !retention.isEmpty, case var .object(members) = document else { return document }
    members.append(
      ("retentionMessages", .array(retention.map { offer in
        .object([
          ("originalTransactionId", .string(offer.originalTransactionId)), ("productId", .string(offer.productId)),
          ("source", .string(offer.source.rawValue)), ("messageIdentifier", .string(offer.messageIdentifier)),
          ("alternateProductId", .optional(offer.alternateProductId)), ("promotionalOfferId", .optional(offer.promotionalOfferId)),
          ("promotionalOfferProductId", .optional(offer.signedOffer?.productId)), ("accepted", .bool(offer.accepted)),
        ])
      })))
    document = .object(members)
    return document
  }

  /// One line for what a customer who began to cancel was shown.
  package static func line(_ offer: RetentionOffer) -> String {
    var text = "retention  \(offer.productId): message \(offer.messageIdentifier) (\(offer.source == .realtime ? "real-time answer" : "default message"))"
    if let product = offer.alternateProductId { text += ", alternate product \(product)" }
    if let signed = offer.signedOffer { text += ", promotional offer \(signed.offerId) of \(signed.productId)" }
    if offer.offersChoice { text += offer.accepted ? " (accepted)" : " (iap messages accept \(offer.originalTransactionId))" }
    return text
  }

  /// One line of text per message.
  package static func line(_ m: StoreMessage) -> String {
    switch m.reason {
    case .billingIssue: return "billingIssue  \(m.productId ?? ""): the renewal payment failed; update the payment method"
    case .priceIncreaseConsent: return "priceIncreaseConsent  \(m.productId ?? ""): the price rises; consent needed"
    case .winBackOffer: return "winBackOffer  \(m.productId ?? ""): come back with win-back offer \(m.offerId ?? "")"
    case .generic: return "generic  \(m.id): a message from the App Store"
    }
  }
}

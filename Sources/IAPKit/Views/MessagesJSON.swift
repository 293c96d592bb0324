import IAPCore
import IAPFormats

/// The JSON of `iap messages --json`, `iap messages dismiss --json` and the control
/// plane's `/messages` routes.
package enum MessagesJSON {
  package static func document(_ messages: [StoreMessage]) -> JSONValue {
    .object([
      ("messages", .array(messages.map { m in
        .object([
          ("id", .string(m.id)), ("reason", .string(m.reason.rawValue)), ("productId", .string(m.productId)),
          ("subscriptionGroupIdentifier", .string(m.group)), ("originalTransactionId", .string(String(m.originalId))),
          ("offerId", .optional(m.offerId)),
        ])
      }))
    ])
  }

  /// One line of text per message.
  package static func line(_ m: StoreMessage) -> String {
    switch m.reason {
    case .billingIssue: return "billingIssue  \(m.productId): the renewal payment failed; update the payment method"
    case .priceIncreaseConsent: return "priceIncreaseConsent  \(m.productId): the price rises; consent needed"
    case .winBackOffer: return "winBackOffer  \(m.productId): come back with win-back offer \(m.offerId ?? "")"
    }
  }
}

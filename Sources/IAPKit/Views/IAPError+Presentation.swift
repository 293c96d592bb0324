import IAPCatalog
import IAPCore
import IAPStorage

/// What a user of iap's front ends can do about a failure, in their terms (an option, an
/// environment variable, a command): the core's messages name none.
extension IAPError {
  /// The remedy a front end adds to the message, if any.
  package var remedy: String? {
    switch self {
    case .catalog(.catalogMissing): return "use --catalog PATH or IAP_CATALOG"
    case .state(.damaged): return "iap doctor --repair"
    case .settingsIncomplete:
      return "iap settings set app-apple-id NUMBER, or the catalog's appAppleId; or iap settings set environment Sandbox"
    case let .refused(refusal), let .state(.refused(refusal)): return refusal.remedy
    default: return nil
    }
  }

  /// The message lines users see (`error: ` lines, `--json`'s `message`, the server's log):
  /// the core's messages, the last one followed by the remedy in parentheses.
  package var userMessages: [String] {
    var lines = messages
    if let remedy, let last = lines.popLast() { lines.append("\(last) (\(remedy))") }
    return lines
  }
}

extension StoreRefusal {
  /// The command (or route, or option) that gets past the refusal, if there is one to name.
  package var remedy: String? {
    switch self {
    case let .refundRequestPending(id): return "iap refund \(id), or iap refund-decline \(id)"
    case let .noRefundRequest(id): return "iap refund-request \(id)"
    case .increaseNeedsConsent: return "--consent required"
    case let .noPriceIncrease(product): return "iap subscription price-increase \(product) --price P"
    case let .duplicateKey(id): return "iap keys remove \(id)"
    case .unknownKey: return "iap keys list"
    case let .saleUnchanged(product, onSale):
      return onSale ? "iap products remove-from-sale \(product) takes it off" : "iap products restore-to-sale \(product) puts it back"
    case .namespaceLimit: return "DELETE /ns/{name}/iap/v1"
    case let .namespaceExists(name): return "DELETE /ns/\(name)/iap/v1"
    default: return nil
    }
  }
}

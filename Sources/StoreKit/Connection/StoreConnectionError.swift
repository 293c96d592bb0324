/// Why a call to the store failed: it could not be reached, or it answered an error (the
/// HTTP status and the name and message `iap` gives it). The public API turns it into
/// StoreKit's own errors (`StoreKitError`, `Product.PurchaseError`, `SKError`).
package struct StoreConnectionError: Error, Sendable, CustomStringConvertible {
  /// The HTTP status, or 0 when the store was not reached or answered nothing usable.
  package var status: Int
  /// The store's name for the error (`wrongState`, `paymentCancelled`, …), or `unreachable`.
  package var name: String
  package var message: String

  package init(status: Int, name: String, message: String) {
    (self.status, self.name, self.message) = (status, name, message)
  }

  /// Whether the store was never reached (or answered nothing), rather than refusing.
  package var isUnreachable: Bool { status == 0 }

  package var description: String { "\(name): \(message)" }
}

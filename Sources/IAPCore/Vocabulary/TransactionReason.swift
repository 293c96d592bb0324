/// Apple's `transactionReason` (JWSTransaction; `TransactionReason` in Apple's libraries):
/// whether the customer bought, or the subscription renewed by itself.
package enum TransactionReason: String, CaseIterable, Sendable {
  case purchase = "PURCHASE"
  case renewal = "RENEWAL"
}

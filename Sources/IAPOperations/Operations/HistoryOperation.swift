import IAPCore
import IAPFormats
import IAPKit

/// Every transaction of the account, latest version of each, oldest first, narrowed: the
/// CLI by date and count, the control plane by state, and both by product.
package enum HistoryOperation {
  package static let product = Parameter<String>.string(
    ParameterInfo("product", json: "productId", value: "id", help: "Only this product's transactions."))
  package static let since = Parameter<Timestamp>.parsed(
    ParameterInfo(
      "since", json: "since", value: "date", reach: .commandLineOnly,
      help: "Only those bought at or after this date (ISO 8601, 2026-01-15T10:00:00Z)."),
    expected: "ISO 8601 like 2026-01-15T10:00:00Z", Timestamp.init(iso8601:))
  package static let limit = Parameter<Int>.parsed(
    ParameterInfo("limit", json: "limit", value: "n", reach: .commandLineOnly, help: "Only the last N (the most recent), oldest first."),
    expected: "a positive integer"
  ) { text in text.allSatisfy { $0.isASCII && $0.isNumber } ? Int(text).flatMap { $0 > 0 ? $0 : nil } : nil }
  package static let state = Parameter<TransactionState>.choice(
    ParameterInfo(
      "state", json: "state", value: "state", allowed: ["purchasing", "purchased", "failed", "restored", "deferred"],
      reach: .controlPlaneOnly, help: "Only those in this state."),
    TransactionState.init(rawValue:))
  package static let unfinished = Parameter<Bool>.flag(
    ParameterInfo(
      "unfinished", json: "unfinished", reach: .controlPlaneOnly, help: "true: only those not finished yet; false: only finished ones."))
  package static let purchaseIssue = Parameter<Bool>.flag(
    ParameterInfo(
      "purchase-issue", json: "purchaseIssue", reach: .controlPlaneOnly,
      help: "true: only interrupted purchases whose issue is not resolved yet (SKTestTransaction.hasPurchaseIssue); false: only the others."))

  package static let spec = OperationSpec(
    "history", summary: "Show every transaction of the account, finished or not.",
    parameters: [product.info, since.info, limit.info, state.info, unfinished.info, purchaseIssue.info])

  /// The use case's filter: product, date and count.
  package static func filter(_ input: some OperationInput) throws(IAPError) -> HistoryFilter {
    HistoryFilter(productId: try input.value(product), since: try input.value(since), limit: try input.value(limit))
  }
}

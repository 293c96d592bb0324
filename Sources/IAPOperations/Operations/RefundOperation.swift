import IAPCore
import IAPKit

/// The App Store refunds a purchase, fully or prorated (`refundTransaction`, a REFUND notification).
package enum RefundOperation: StoreOperation {
  /// What `iap refund` and `POST /transactions/{id}/refund` are given.
  package struct Request: Sendable {
    /// The transaction's id as given (`7` or `#7`).
    package var id: String
    package var reason: RevocationReason
    /// A prorated refund's share in milliunits, or nil for a full refund.
    package var percentage: Int?
  }

  package static let id = Parameter<String>.string(
    ParameterInfo("id", json: "id", value: "id", required: true, help: "The purchased transaction's id."))
  package static let reason = Parameter<RevocationReason>.choice(
    ParameterInfo(
      "reason", json: "reason", value: "reason", default: "other", allowed: RevocationReason.allCases.map(\.rawValue),
      help: "Why the refund was given (revocationReason 1 or 0)."),
    RevocationReason.init(rawValue:))
  package static let percentage = Parameter<Int>.parsed(
    ParameterInfo(
      "percentage", json: "percentage", value: "percent",
      help: "A prorated refund: the share refunded, above 0 and below 100 (e.g. 50 or 33.333), as revocationType REFUND_PRORATED."),
    expected: "a number above 0 and below 100, up to three decimals", Transaction.revocationPercentage(parsing:))

  package static let spec = OperationSpec(
    "refund", summary: "Refund a purchase, as the App Store does on its side.", parameters: [id.info, reason.info, percentage.info])

  package static func request(_ input: some OperationInput) throws(IAPError) -> Request {
    Request(id: try input.required(id), reason: try input.value(reason, default: .other), percentage: try input.value(percentage))
  }

  package static func perform(_ request: Request, in workspace: Workspace, signed: Bool) throws(IAPError) -> TransactionsResult {
    try workspace.refund(try TransactionAction.transactionId(request.id), reason: request.reason, percentage: request.percentage, signed: signed)
  }
}

import IAPCore
import IAPKit

/// The customer asks Apple for a refund: CONSUMPTION_REQUEST, and the request waits for Apple's answer.
package enum RefundRequestOperation: StoreOperation {
  /// What `iap refund-request` and `POST /transactions/{id}/refund-request` are given.
  package struct Request: Sendable {
    /// The transaction's id as given (`7` or `#7`).
    package var id: String
    package var reason: ConsumptionRequestReason
  }

  package static let id = Parameter<String>.string(
    ParameterInfo("id", json: "id", value: "id", required: true, help: "The purchased transaction's id."))
  package static let reason = Parameter<ConsumptionRequestReason>.choice(
    ParameterInfo(
      "reason", json: "reason", value: "reason", default: "OTHER", allowed: ConsumptionRequestReason.allCases.map(\.rawValue),
      help: "Why the customer asks (consumptionRequestReason, as Apple spells it)."),
    ConsumptionRequestReason.init(rawValue:))

  package static let spec = OperationSpec(
    "refund-request", summary: "The customer asks Apple for a refund of a purchase.", parameters: [id.info, reason.info])

  package static func request(_ input: some OperationInput) throws(IAPError) -> Request {
    Request(id: try input.required(id), reason: try input.value(reason, default: .other))
  }

  package static func perform(_ request: Request, in workspace: Workspace, signed: Bool) throws(IAPError) -> TransactionsResult {
    try workspace.requestRefund(try TransactionAction.transactionId(request.id), reason: request.reason, signed: signed)
  }
}

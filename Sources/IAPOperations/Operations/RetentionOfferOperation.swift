import IAPCore
import IAPKit

/// The customer takes the alternate product or promotional offer of the retention message
/// shown when they began to cancel (the Retention Messaging API).
package enum RetentionOfferOperation: StoreOperation {
  package static let originalTransactionId = Parameter<String>.string(
    ParameterInfo(
      "original-transaction-id", json: "originalTransactionId", value: "id", required: true,
      help: "The original transaction id of the subscription the retention message was shown for."))

  package static let spec = OperationSpec(
    "messages accept", summary: "Accept the alternate product or promotional offer of the retention message shown.",
    parameters: [originalTransactionId.info])

  package static func request(_ input: some OperationInput) throws(IAPError) -> String {
    try input.required(originalTransactionId)
  }

  package static func perform(_ id: String, in workspace: Workspace, signed: Bool) throws(IAPError) -> BuyResult {
    try workspace.acceptRetentionOffer(originalTransactionId: id, signed: signed)
  }
}

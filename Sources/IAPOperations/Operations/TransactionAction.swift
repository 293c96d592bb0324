import IAPCore
import IAPFormats
import IAPKit

/// An operation on one transaction, named by its id (`7` or `#7`, as `iap queue` prints it),
/// that answers the transactions it made or changed: the CLI's `iap approve ID` and the
/// control plane's `POST /transactions/{id}/approve` alike.
package struct TransactionAction: Sendable {
  package let spec: OperationSpec
  package let id: Parameter<String>
  let use: @Sendable (Workspace, UInt64, Bool) throws(IAPError) -> TransactionsResult

  /// - Parameters:
  ///   - idHelp: what the id must name.
  ///   - use: the use case, given the id and whether to sign.
  init(
    _ name: String, summary: String, idHelp: String, use: @escaping @Sendable (Workspace, UInt64, Bool) throws(IAPError) -> TransactionsResult
  ) {
    id = .string(ParameterInfo("id", json: "id", value: "id", required: true, help: idHelp))
    spec = OperationSpec(name, summary: summary, parameters: [id.info])
    self.use = use
  }

  /// The id's text, as given: an id that names no transaction is the store's refusal, not a usage error.
  package func request(_ input: some OperationInput) throws(IAPError) -> String { try input.required(id) }

  /// Calls the use case on the transaction `text` names.
  package func perform(_ text: String, in workspace: Workspace, signed: Bool) throws(IAPError) -> TransactionsResult {
    try use(workspace, try Self.transactionId(text), signed)
  }

  /// `{"transactions": […]}`: what `--json` prints and the control plane answers.
  package static func json(_ result: TransactionsResult) -> JSONValue { TransactionJSON.document(result.transactions, signer: result.signer) }

  /// The id in `text` (a leading `#` is accepted); anything else is an unknown transaction.
  package static func transactionId(_ text: String) throws(IAPError) -> UInt64 {
    let digits = text.hasPrefix("#") ? String(text.dropFirst()) : text
    guard let id = UInt64(digits) else { throw .refused(.unknownTransaction(text)) }
    return id
  }
}

import IAPCore
import IAPKit

/// Finishing transactions (`finishTransaction`, `Transaction.finish()`): they leave the queue,
/// all or nothing.
package enum FinishOperation: StoreOperation {
  /// Which transactions, as given: ids (`7` or `#7`), or every finishable one.
  package struct Request: Sendable {
    package var ids: [String]
    package var all: Bool

    package init(ids: [String], all: Bool) {
      self.ids = ids
      self.all = all
    }
  }

  package static let ids = Parameter<[String]>.strings(
    ParameterInfo("id", json: "id", value: "id", help: "Transaction ids, as 'iap queue' shows them."))
  package static let all = Parameter<Bool>.flag(ParameterInfo("all", json: "all", help: "Finish every finishable transaction in the queue."))

  package static let spec = OperationSpec(
    "finish", summary: "Finish transactions: remove them from the payment queue.", parameters: [ids.info, all.info])
  /// One transaction, named by the control plane's path.
  package static let one = OperationSpec("finish ID", summary: spec.summary, parameters: [ids.info])
  /// Every finishable transaction (`--all`).
  package static let every = OperationSpec("finish --all", summary: all.info.summary, parameters: [])

  package static func request(_ input: some OperationInput) throws(IAPError) -> Request {
    let request = Request(ids: try input.value(ids, default: []), all: try input.value(all, default: false))
    let choice = input.names([ids.info, all.info])
    if request.ids.isEmpty && !request.all { throw input.usage("give \(choice)") }
    if !request.ids.isEmpty && request.all { throw input.usage("give \(choice), not both") }
    return request
  }

  package static func perform(_ request: Request, in workspace: Workspace, signed: Bool) throws(IAPError) -> FinishResult {
    if request.all { return try workspace.finish(.all, signed: signed) }
    var numbers: [UInt64] = []
    for text in request.ids { numbers.append(try TransactionAction.transactionId(text)) }
    return try workspace.finish(.ids(numbers), signed: signed)
  }
}

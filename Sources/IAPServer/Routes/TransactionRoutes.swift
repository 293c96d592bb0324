import IAPCore
import IAPFormats
import IAPKit
import IAPOperations

/// `/transactions`: the account's transactions, the queue, and what is done to one of them.
enum TransactionRoutes {
  static let all = [
    ControlRoute(method: "GET", path: "/transactions", operation: HistoryOperation.spec, answer: .transactions) { call throws(IAPError) in
      let product = try call.value(HistoryOperation.product)
      let state = try call.value(HistoryOperation.state)
      let unfinished = try call.value(HistoryOperation.unfinished)
      let issue = try call.value(HistoryOperation.purchaseIssue)
      let history = try call.workspace.purchaseHistory(signed: true)
      var kept: [Transaction] = []
      try history.forEach { t throws(IAPError) in
        if let product, t.productId != product { return }
        if let state, t.state != state { return }
        if let unfinished, t.finished == unfinished { return }
        if let issue, t.purchaseIssue != issue { return }
        kept.append(t)
      }
      return .json(TransactionJSON.document(kept, signer: history.signer))
    },
    ControlRoute(method: "GET", path: "/transactions/unfinished", operation: StoreViewOperations.queue, answer: .transactions) {
      call throws(IAPError) in
      .json(document(try call.workspace.queue(signed: true)))
    },
    ControlRoute(
      method: "GET", path: "/transactions/{id}",
      summary: "One transaction, its latest version (404 if the account has none with this id).",
      answer: .transactions
    ) { call throws(IAPError) in
      .json(document(try call.workspace.transaction(try call.transactionId(), signed: true)))
    },
    ControlRoute(method: "POST", path: "/transactions/{id}/finish", operation: FinishOperation.one, answer: .transactions) {
      call throws(IAPError) in
      .json(document(try FinishOperation.perform(try FinishOperation.request(call), in: call.workspace, signed: true).finished))
    },
    ControlRoute(method: "POST", path: "/transactions/unfinished/finish", operation: FinishOperation.every, answer: .transactions) {
      call throws(IAPError) in
      .json(document(try FinishOperation.perform(FinishOperation.Request(ids: [], all: true), in: call.workspace, signed: true).finished))
    },
    action("DELETE", "/transactions/{id}", TransactionActions.delete),
    action("approve", TransactionActions.approve),
    action("decline", TransactionActions.decline),
    action("resolve", TransactionActions.resolve),
  ]

  /// `POST /transactions/{id}/<name>`: an operation on one transaction, answering the
  /// transactions it made or changed.
  static func action(_ name: String, _ action: TransactionAction) -> ControlRoute {
    self.action("POST", "/transactions/{id}/\(name)", action)
  }

  /// `method path`: an operation on the transaction the path's `{id}` names.
  static func action(_ method: String, _ path: String, _ action: TransactionAction) -> ControlRoute {
    ControlRoute(method: method, path: path, operation: action.spec, answer: .transactions) { call throws(IAPError) in
      .json(TransactionAction.json(try action.perform(try action.request(call), in: call.workspace, signed: true)))
    }
  }

  /// `{"transactions": […]}` of a use case's result.
  static func document(_ result: TransactionsResult) -> JSONValue {
    TransactionJSON.document(result.transactions, signer: result.signer)
  }
}

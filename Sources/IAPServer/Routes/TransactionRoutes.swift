import IAPCore
import IAPFormats
import IAPKit

/// `/transactions`: the account's transactions, the queue, and what is done to one of them.
enum TransactionRoutes {
  static let all = [
    ControlRoute(
      method: "GET", path: "/transactions",
      summary: "The account's transactions, latest version of each, oldest first (iap history), filtered.",
      query: [
        ControlParameter("productId", .string, "Only this product's."),
        ControlParameter("state", .string, "Only those in this state: purchasing, purchased, failed, restored or deferred."),
        ControlParameter("unfinished", .boolean, "true: only those not finished yet; false: only finished ones."),
        ControlParameter(
          "purchaseIssue", .boolean,
          "true: only interrupted purchases whose issue is not resolved yet (SKTestTransaction.hasPurchaseIssue); false: only the others."),
      ],
      answer: .transactions
    ) { call throws(IAPError) in
      let product = call.request.query("productId")
      let state = try call.request.query("state").map { (text) throws(IAPError) -> TransactionState in
        guard let state = TransactionState(rawValue: text) else {
          throw ControlCall.usage("query parameter 'state': expected purchasing, purchased, failed, restored or deferred, got '\(text)'")
        }
        return state
      }
      let unfinished = try call.queryFlag("unfinished")
      let issue = try call.queryFlag("purchaseIssue")
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
    ControlRoute(
      method: "GET", path: "/transactions/unfinished",
      summary: "The payment queue: this device's unfinished transactions (iap queue; StoreKit 2's Transaction.unfinished).",
      answer: .transactions
    ) { call throws(IAPError) in
      .json(document(try call.workspace.queue(signed: true)))
    },
    ControlRoute(
      method: "GET", path: "/transactions/{id}",
      summary: "One transaction, its latest version (404 if the account has none with this id).",
      answer: .transactions
    ) { call throws(IAPError) in
      .json(document(try call.workspace.transaction(try call.transactionId(), signed: true)))
    },
    ControlRoute(
      method: "POST", path: "/transactions/{id}/finish",
      summary: "Finish a transaction (iap finish; Transaction.finish()): it leaves the queue.",
      answer: .transactions
    ) { call throws(IAPError) in
      .json(document(try call.workspace.finish(.ids([try call.transactionId()]), signed: true).finished))
    },
    ControlRoute(
      method: "POST", path: "/transactions/unfinished/finish",
      summary: "Finish every unfinished transaction (iap finish --all); those whose hosted content is not downloaded stay.",
      answer: .transactions
    ) { call throws(IAPError) in
      .json(document(try call.workspace.finish(.all, signed: true).finished))
    },
    ControlRoute(
      method: "DELETE", path: "/transactions/{id}",
      summary: "Delete a transaction, as Xcode's transaction manager does (iap delete).",
      answer: .transactions
    ) { call throws(IAPError) in
      .json(document(try call.workspace.deleteTransaction(try call.transactionId(), signed: true)))
    },
    action("approve", "Approve a purchase waiting for Ask to Buy (iap approve).") { w, id throws(IAPError) in try w.approve(id, signed: true) },
    action("decline", "Decline a purchase waiting for Ask to Buy (iap decline).") { w, id throws(IAPError) in try w.decline(id, signed: true) },
    action("resolve", "Complete an interrupted purchase outside the app (iap resolve).") { w, id throws(IAPError) in try w.resolve(id, signed: true) },
  ]

  /// `POST /transactions/{id}/<name>`: a use case on one transaction, answering the
  /// transactions it made or changed.
  static func action(
    _ name: String, _ summary: String, _ body: @escaping @Sendable (Workspace, UInt64) throws(IAPError) -> TransactionsResult
  ) -> ControlRoute {
    ControlRoute(method: "POST", path: "/transactions/{id}/\(name)", summary: summary, answer: .transactions) { call throws(IAPError) in
      .json(document(try body(call.workspace, try call.transactionId())))
    }
  }

  /// `{"transactions": […]}` of a use case's result.
  static func document(_ result: TransactionsResult) -> JSONValue {
    TransactionJSON.document(result.transactions, signer: result.signer)
  }
}

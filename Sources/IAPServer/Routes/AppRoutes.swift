import IAPCore
import IAPFormats
import IAPKit
import IAPOperations

/// What the app itself asks of the store beyond purchases: its receipt, its app transaction,
/// whether it may pay, and what happens when it is reinstalled or its account cleared.
enum AppRoutes {
  static let all = [
    ControlRoute(method: "GET", path: "/receipt", operation: ReceiptOperation.spec) { call throws(IAPError) in
      let result = try call.workspace.receipt(try ReceiptOperation.request(call))
      if let data = result.data { return .json(.object([("receiptData", .string(data))])) }
      return .json(result.receipt.receipt)
    },
    ControlRoute(method: "POST", path: "/receipt/refresh", operation: AppOperations.refreshReceipt) { call throws(IAPError) in
      .json(try call.workspace.refreshReceipt().receipt.receipt)
    },
    ControlRoute(method: "GET", path: "/app-transaction", operation: AppOperations.appTransaction) { call throws(IAPError) in
      .json(AppTransactionJSON.document(try call.workspace.appTransaction()))
    },
    ControlRoute(method: "GET", path: "/can-make-payments", operation: AppOperations.canMakePayments) { call throws(IAPError) in
      .json(.object([("canMakePayments", .bool(try call.workspace.canMakePayments()))]))
    },
    ControlRoute(
      method: "GET", path: "/storefront",
      summary: "The storefront purchases are made in (StoreKit 2's Storefront.current): its country code, Apple's storefront id and the currency."
    ) { call throws(IAPError) in
      let storefront = try call.workspace.storefront()
      return .json(.object([
        ("countryCode", .string(storefront.countryCode)), ("id", .string(storefront.id)), ("currency", .string(storefront.currency)),
      ]))
    },
    ControlRoute(method: "POST", path: "/reinstall", operation: AppOperations.reinstall, answer: .transactions) { call throws(IAPError) in
      let result = try call.workspace.reinstall(signed: true)
      return .json(TransactionJSON.document(result.transactions, signer: result.signer, extra: [("device", .string(call.workspace.device))]))
    },
    ControlRoute(method: "POST", path: "/clear", operation: AppOperations.clear) { call throws(IAPError) in
      .json(.object([("cleared", .string(try call.workspace.clearTransactions().account))]))
    },
  ]
}

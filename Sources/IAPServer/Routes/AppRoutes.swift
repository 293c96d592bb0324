import IAPCore
import IAPFormats
import IAPKit

/// What the app itself asks of the store beyond purchases: its receipt, its app transaction,
/// whether it may pay, and what happens when it is reinstalled or its account cleared.
enum AppRoutes {
  static let all = [
    ControlRoute(
      method: "GET", path: "/receipt",
      summary: "The app receipt, decoded as verifyReceipt answers it (iap receipt); ?base64=true for the signed receipt data.",
      query: [ControlParameter("base64", .boolean, "Answer {\"receiptData\": …}, the Base64 the app sends to verifyReceipt.")]
    ) { call throws(IAPError) in
      var request = ReceiptRequest()
      request.encoded = try call.queryFlag("base64") ?? false
      let result = try call.workspace.receipt(request)
      if let data = result.data { return .json(.object([("receiptData", .string(data))])) }
      return .json(result.receipt.receipt)
    },
    ControlRoute(
      method: "POST", path: "/receipt/refresh", summary: "Refresh the app receipt (iap receipt refresh; SKReceiptRefreshRequest)."
    ) { call throws(IAPError) in
      .json(try call.workspace.refreshReceipt().receipt.receipt)
    },
    ControlRoute(
      method: "GET", path: "/app-transaction", summary: "StoreKit 2's AppTransaction, decoded and signed (iap app-transaction)."
    ) { call throws(IAPError) in
      .json(AppTransactionJSON.document(try call.workspace.appTransaction()))
    },
    ControlRoute(
      method: "GET", path: "/can-make-payments", summary: "Whether the account may pay (iap can-make-payments; AppStore.canMakePayments)."
    ) { call throws(IAPError) in
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
    ControlRoute(
      method: "POST", path: "/reinstall",
      summary: "Reinstall the app on the device (iap reinstall): its unfinished transactions leave the queue.", answer: .transactions
    ) { call throws(IAPError) in
      let result = try call.workspace.reinstall(signed: true)
      return .json(TransactionJSON.document(result.transactions, signer: result.signer, extra: [("device", .string(call.workspace.device))]))
    },
    ControlRoute(
      method: "POST", path: "/clear", summary: "Clear every transaction of the account (iap clear); settings and other accounts stay."
    ) { call throws(IAPError) in
      .json(.object([("cleared", .string(try call.workspace.clearTransactions().account))]))
    },
  ]
}

import IAPCore
import IAPFormats
import IAPKit
import IAPOperations

/// Refunds and their lifecycle, on one transaction.
enum RefundRoutes {
  static let all = [
    ControlRoute(method: "POST", path: "/transactions/{id}/refund", operation: RefundOperation.spec, answer: .transactions) {
      call throws(IAPError) in
      .json(TransactionAction.json(try RefundOperation.perform(try RefundOperation.request(call), in: call.workspace, signed: true)))
    },
    ControlRoute(method: "POST", path: "/transactions/{id}/refund-request", operation: RefundRequestOperation.spec, answer: .transactions) {
      call throws(IAPError) in
      .json(TransactionAction.json(try RefundRequestOperation.perform(try RefundRequestOperation.request(call), in: call.workspace, signed: true)))
    },
    TransactionRoutes.action("refund-request/decline", TransactionActions.declineRefund),
    TransactionRoutes.action("refund/reverse", TransactionActions.reverseRefund),
  ]
}

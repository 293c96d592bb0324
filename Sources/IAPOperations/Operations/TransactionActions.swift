import IAPCore
import IAPKit

/// The operations on one transaction that take nothing but its id.
package enum TransactionActions {
  package static let approve = TransactionAction(
    "approve", summary: "Approve a deferred purchase (Ask to Buy).", idHelp: "The deferred transaction's id."
  ) { w, id, signed throws(IAPError) in try w.approve(id, signed: signed) }

  package static let decline = TransactionAction(
    "decline", summary: "Decline a deferred purchase (Ask to Buy).", idHelp: "The deferred transaction's id."
  ) { w, id, signed throws(IAPError) in try w.decline(id, signed: signed) }

  package static let resolve = TransactionAction(
    "resolve", summary: "Resolve an interrupted purchase or a subscription's billing issue.",
    idHelp: "The failed transaction, or any transaction of the subscription."
  ) { w, id, signed throws(IAPError) in try w.resolve(id, signed: signed) }

  package static let delete = TransactionAction(
    "delete", summary: "Delete a transaction from the store's history.", idHelp: "The transaction's id."
  ) { w, id, signed throws(IAPError) in try w.deleteTransaction(id, signed: signed) }

  package static let declineRefund = TransactionAction(
    "refund-decline", summary: "Apple declines a refund request.", idHelp: "The transaction whose refund was requested."
  ) { w, id, signed throws(IAPError) in try w.declineRefund(id, signed: signed) }

  package static let reverseRefund = TransactionAction(
    "refund-reverse", summary: "Apple reverses a granted refund.", idHelp: "The refunded transaction's id."
  ) { w, id, signed throws(IAPError) in try w.reverseRefund(id, signed: signed) }
}

import IAPCore
import IAPFormats
import IAPKit

/// Refunds and their lifecycle, on one transaction.
enum RefundRoutes {
  static let all = [
    ControlRoute(
      method: "POST", path: "/transactions/{id}/refund",
      summary: "Refund a transaction (iap refund): revoked, with a REFUND notification.",
      body: [
        ControlParameter("reason", .string, "developerIssue or other (default other): revocationReason 1 or 0."),
        ControlParameter("percentage", .string, "A prorated refund's share, above 0 and below 100 (e.g. \"50\"): revocationType REFUND_PRORATED."),
      ],
      answer: .transactions
    ) { call throws(IAPError) in
      let text = try call.string("reason") ?? "other"
      guard let reason = RevocationReason(rawValue: text) else {
        throw ControlCall.usage("body member 'reason': expected developerIssue or other, got '\(text)'")
      }
      var percentage: Int?
      if let text = try call.string("percentage") {
        guard let milliunits = Transaction.revocationPercentage(parsing: text) else {
          throw ControlCall.usage("body member 'percentage': expected a number above 0 and below 100, got '\(text)'")
        }
        percentage = milliunits
      }
      return .json(
        TransactionRoutes.document(try call.workspace.refund(try call.transactionId(), reason: reason, percentage: percentage, signed: true)))
    },
    ControlRoute(
      method: "POST", path: "/transactions/{id}/refund-request",
      summary: "The customer asks for a refund (iap refund-request): CONSUMPTION_REQUEST, and the request waits for Apple's answer.",
      body: [ControlParameter("reason", .string, "Why the customer asks (ConsumptionRequestReason, as Apple spells it; default OTHER).")],
      answer: .transactions
    ) { call throws(IAPError) in
      let text = try call.string("reason") ?? "OTHER"
      guard let reason = ConsumptionRequestReason(rawValue: text) else {
        let names = ConsumptionRequestReason.allCases.map(\.rawValue).joined(separator: ", ")
        throw ControlCall.usage("body member 'reason': expected one of \(names), got '\(text)'")
      }
      return .json(TransactionRoutes.document(try call.workspace.requestRefund(try call.transactionId(), reason: reason, signed: true)))
    },
    TransactionRoutes.action("refund-request/decline", "Apple declines the refund request (iap refund-decline): REFUND_DECLINED.") {
      w, id throws(IAPError) in try w.declineRefund(id, signed: true)
    },
    TransactionRoutes.action("refund/reverse", "Reverse a refund (iap refund-reverse): REFUND_REVERSED, the transaction is restored.") {
      w, id throws(IAPError) in try w.reverseRefund(id, signed: true)
    },
  ]
}

import IAPCore
import IAPFormats
import IAPKit

/// Transactions as JSON: the object scripts read from `--json` and the control plane's
/// answers, one encoding for every front end.
package enum TransactionJSON {
  /// The public JSON object: exactly these keys, null where absent. With a signer, it ends
  /// with `jwsRepresentation`.
  package static func object(_ t: Transaction, signer: Signer? = nil) -> JSONValue {
    var members: [(String, JSONValue)] = [
      ("id", .string(String(t.id))),
      ("originalId", .string(String(t.originalId))),
      ("productId", .string(t.productId)),
      ("productType", .optional(t.productType?.rawValue)),
      ("state", .string(t.state.rawValue)),
      ("quantity", .int(Int64(t.quantity))),
      ("purchaseDate", .string(t.purchaseDate.iso8601)),
      ("originalPurchaseDate", .string(t.originalPurchaseDate.iso8601)),
      ("expirationDate", .optional(t.expirationDate?.iso8601)),
      ("revocationDate", .optional(t.revocationDate?.iso8601)),
      ("revocationReason", .optional(t.revocationReason?.rawValue)),
      ("applicationUsername", .optional(t.applicationUsername)),
      ("error", t.error.map(error) ?? .null),
      ("orderId", t.state == .purchased ? .string(OrderId.of(t.id)) : .null),
      ("refundRequest", t.refundRequest.map(refundRequest) ?? .null),
      ("refundReversalDate", .optional(t.refundReversalDate?.iso8601)),
      ("inAppOwnershipType", .string(t.inAppOwnershipType)),
      ("offer", offer(t)),
    ]
    if let signer { members.append(("jwsRepresentation", .optional(signer.transaction(t)))) }
    return .object(members)
  }

  /// `{type, id, discountType, period}`: the offer applied to this period (`offerType` 1
  /// `introductory`, 2 `promotional`, 3 `code`, 4 `winBack`, as `Transaction.OfferType`
  /// names them, with Apple's `offerIdentifier`, `offerDiscountType` and `offerPeriod`);
  /// null when none.
  static func offer(_ t: Transaction) -> JSONValue {
    guard let type = t.offerType else { return .null }
    let name: String
    switch type {
    case .introductory: name = "introductory"
    case .promotional: name = "promotional"
    case .offerCode: name = "code"
    case .winBack: name = "winBack"
    }
    return .object([
      ("type", .string(name)), ("id", .optional(t.offerIdentifier)),
      ("discountType", .optional(t.offerDiscountType?.rawValue)), ("period", .optional(t.offerPeriod)),
    ])
  }

  /// `{date, reason, status, consumptionInformation}`: the customer's refund request, Apple's
  /// answer, and what the developer's server sent about it (the body as JSON; null before).
  static func refundRequest(_ request: RefundRequest) -> JSONValue {
    .object([
      ("date", .string(request.date.iso8601)), ("reason", .string(request.reason.rawValue)),
      ("status", .string(request.status.rawValue)),
      ("consumptionInformation", request.consumptionInformation.flatMap { try? JSONParser.parse($0) } ?? .null),
    ])
  }

  /// `{code, name, message}` with `SKError`'s number and name.
  package static func error(_ error: StoreError) -> JSONValue {
    .object([
      ("code", .int(Int64(error.code.rawValue))),
      ("name", .string(error.code.name)),
      ("message", .string(error.message)),
    ])
  }

  /// `{"transactions": [...]}` plus any extra members.
  package static func document(_ transactions: [Transaction], signer: Signer?, extra: [(String, JSONValue)] = []) -> JSONValue {
    .object([("transactions", .array(transactions.map { object($0, signer: signer) }))] + extra)
  }
}

import IAPCore
import IAPFormats
import IAPKit
import IAPOperations

/// How transactions are shown to people: aligned text (the JSON is `TransactionJSON`'s).
package enum TransactionView {
  /// One aligned line per transaction:
  /// `#2  restored  com.example.sword  2026-11-21T19:10:55Z  original #1`.
  /// - Parameter showFinished: add whether each one is finished (for `history`).
  package static func lines(_ transactions: [Transaction], showFinished: Bool = false) -> [String] {
    var table = TextTable()
    for t in transactions { table.append(cells(t, showFinished: showFinished)) }
    return table.lines
  }

  /// The cells of one transaction's line, before alignment.
  static func cells(_ t: Transaction, showFinished: Bool) -> [String] {
    var cells = ["#\(t.id)", t.state.rawValue, t.productId, t.quantity == 1 ? "" : "×\(t.quantity)", t.purchaseDate.iso8601]
    if showFinished { cells.append(t.finished ? "finished" : "unfinished") }
    // Joined by hand: the standard library's `joined(separator:)` runs unspecialized here, and
    // its first call looks up an associated type at run time (docs/performance.md, "Shapes kept for start-up").
    var text = ""
    for note in notes(t) {
      if !text.isEmpty { text += "  " }
      text += note
    }
    cells.append(text)
    return cells
  }

  /// Prints `lines(showFinished:)` of every transaction `each` yields, without holding
  /// them: one pass to measure the columns, keeping their cells while they fit in
  /// `KeptRows`'s budget, and a second to print when they did not. For `history`, and long
  /// lists (`TransactionArgument.print`).
  static func printLines(
    _ each: ((Transaction) throws(IAPError) -> Void) throws(IAPError) -> Void, showFinished: Bool = true, to console: Console,
    budget: Int = KeptRows.defaultBudget
  ) throws(IAPError) {
    var widths: [Int] = []
    var kept = KeptRows(budget: budget)
    try each {
      let row = cells($0, showFinished: showFinished)
      TextTable.measure(row, into: &widths)
      kept.append(row)
    }
    if kept.isComplete {
      kept.printLines(widths: widths) { console.line($0, terminator: "") }
    } else {
      try each { console.line(TextTable.format(cells($0, showFinished: showFinished), widths: widths)) }
    }
  }

  /// Prints the `document(_:)` of every transaction `each` yields, one at a time, exactly
  /// as `console.json(document(...))` would. For `history`, and long lists.
  static func printDocument(
    _ each: ((Transaction) throws(IAPError) -> Void) throws(IAPError) -> Void, signer: Signer?,
    extra: [(String, JSONValue)] = [], to console: Console
  ) throws(IAPError) {
    var empty = true
    try each { t in
      console.line(
        (empty ? "{\n  \"transactions\": [\n    " : ",\n    ") + JSONWriter.pretty(TransactionJSON.object(t, signer: signer), indent: 2),
        terminator: "")
      empty = false
    }
    if empty {
      console.json(TransactionJSON.document([], signer: signer, extra: extra))
      return
    }
    var end = "\n  ]"
    for (key, value) in extra { end += ",\n  " + JSONWriter.pretty(.string(key)) + ": " + JSONWriter.pretty(value, indent: 1) }
    console.line(end + "\n}")
  }

  private static func notes(_ t: Transaction) -> [String] {
    var notes: [String] = []
    if t.originalId != t.id { notes.append("original #\(t.originalId) (\(t.originalPurchaseDate.iso8601))") }
    if let date = t.expirationDate { notes.append("expires \(date.iso8601)") }
    // The offer this period was bought with: a redeemed offer is part of what `buy` did.
    if let offer = t.offerIdentifier {
      let kind = t.offerType == .offerCode ? "offer code" : t.offerType == .winBack ? "win-back offer" : "promotional offer"
      notes.append("\(kind) \(offer)")
    } else if let type = t.offerDiscountType {
      notes.append("introductory offer \(type.rawValue)" + (t.offerPeriod.map { " \($0)" } ?? ""))
    }
    if let date = t.revocationDate {
      // A family share is revoked (REVOKE), never refunded: the member paid nothing.
      if t.familySharedFrom != nil {
        notes.append("revoked \(date.iso8601)")
      } else {
        notes.append("refunded \(date.iso8601)" + (t.revocationReason.map { " (\($0.rawValue))" } ?? ""))
      }
    }
    if let request = t.refundRequest {
      notes.append("refund \(request.status == .pending ? "requested" : request.status.rawValue) (\(request.reason.rawValue), asked \(request.date.iso8601))")
    }
    if let date = t.refundReversalDate { notes.append("refund reversed \(date.iso8601)") }
    if let source = t.familySharedFrom { notes.append("family shared (purchase #\(source))") }
    if let c = t.commitment {
      notes.append("monthly \(c.billingPeriodNumber) of \(c.totalBillingPeriods), commitment to \(c.expires.iso8601)")
    }
    if t.purchaseIssue { notes.append("purchase issue") }
    if let user = t.applicationUsername { notes.append("user \(JSONWriter.compact(.string(user)))") }
    if let error = t.error { notes.append("\(error.code.name) (\(error.code.rawValue)): \(error.message)") }
    return notes
  }
}

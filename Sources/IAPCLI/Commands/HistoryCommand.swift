import IAPCore
import IAPKit
import IAPFormats

/// `iap history`: the account's whole purchase history.
struct HistoryCommand: Command {
  static let spec = CommandSpec(
    ["history"], abstract: "Show every transaction of the account, finished or not.",
    discussion: """
      Oldest first, across all devices, each in its latest state. --product, --since and \
      --limit narrow it: one product's, those bought from a date on, the last N of them.
      """,
    options: [
      OptionSpec("product", value: "id", help: "Only this product's transactions."),
      OptionSpec("since", value: "date", help: "Only those bought at or after this date (ISO 8601, 2026-01-15T10:00:00Z)."),
      OptionSpec("limit", value: "n", help: "Only the last N (the most recent), oldest first."),
    ])

  let filter: HistoryFilter

  init(_ invocation: Invocation) throws(IAPError) {
    var filter = HistoryFilter(productId: invocation.value("product"))
    if let text = invocation.value("since") {
      guard let date = Timestamp(iso8601: text) else {
        throw invocation.usageError("invalid value for '--since <date>': expected ISO 8601 like 2026-01-15T10:00:00Z, got '\(text)'")
      }
      filter.since = date
    }
    if let text = invocation.value("limit") {
      guard text.allSatisfy({ $0.isASCII && $0.isNumber }), let n = Int(text), n > 0 else {
        throw invocation.usageError("invalid value for '--limit <n>': expected a positive integer, got '\(text)'")
      }
      filter.limit = n
    }
    self.filter = filter
  }

  func run(_ context: CommandContext) throws(IAPError) -> ExitCode {
    // Streamed from the log, one transaction at a time: a history can be long.
    let history = try context.workspace.purchaseHistory(signed: context.globals.json, filter: filter)
    if context.globals.json {
      try TransactionView.printDocument(history.forEach, signer: history.signer, to: context.console)
    } else {
      var any = false
      let each = { (body: (Transaction) throws(IAPError) -> Void) throws(IAPError) -> Void in
        try history.forEach { t throws(IAPError) in
          any = true
          try body(t)
        }
      }
      try TransactionView.printLines(each, to: context.console)
      if !any { context.console.emptyListing("no transactions") }
    }
    return .success
  }
}

import IAPCore
import IAPFormats
import IAPKit
import IAPOperations

/// `iap clock`: the store's time.
struct ClockCommand: Command {
  static let spec = CommandSpec(
    ["clock"], abstract: "Show the store's clock; set, advance or make it real.",
    discussion: """
      The store's time is simulated once 'iap clock set' or 'iap clock advance' is used, and \
      follows the machine's clock again after 'iap clock real'. Every date the store writes \
      comes from it.
      """)

  init(_ invocation: Invocation) throws(IAPError) {}

  func run(_ context: CommandContext) throws(IAPError) -> ExitCode {
    Self.print(try context.workspace.readClock(), context)
    return .success
  }

  /// Prints the store's time (after the renewals a move made) as text, or as
  /// `{"now", "mode", "transactions"}` with `--json`.
  static func print(_ reading: ClockReading, _ context: CommandContext, made: [Transaction] = [], signer: Signer? = nil) {
    let mode = reading.clock.isReal ? "real" : "simulated"
    if context.globals.json {
      context.console.json(ClockJSON.document(reading, made: made, signer: signer))
    } else {
      TransactionView.lines(made).forEach { context.console.line($0) }
      context.console.line("\(reading.now.iso8601) (\(mode))")
    }
  }

  /// Moves the clock to `destination` and prints the renewals made and the new time; a move
  /// back once transactions exist is a usage error of the command.
  ///
  /// The renewals are printed as each batch is committed, never held whole (a century of
  /// weekly subscriptions is a hundred thousand): the text columns are as wide as the
  /// batches so far need, and the JSON document is written as it goes, exactly as
  /// `print(_:_:made:signer:)` would write it whole.
  static func move(_ context: CommandContext, to destination: ClockDestination) throws(IAPError) -> ExitCode {
    var request = MoveClockRequest(destination: destination)
    request.signed = context.globals.json
    let json = context.globals.json
    let console = context.console
    var printed = 0
    var widths: [Int] = []
    request.progress = { progress in
      if progress.renewals.isEmpty {
        // The end of the move.
        if json {
          if printed == 0 { print(progress.reading, context) } else { console.line("\n  ]\n}") }
        } else {
          print(progress.reading, context)
        }
        return
      }
      for t in progress.renewals {
        if json {
          let head = printed == 0 ? Self.documentHead(progress.reading) : ",\n    "
          console.line(head + JSONWriter.pretty(TransactionJSON.object(t, signer: progress.signer), indent: 2), terminator: "")
        } else {
          TextTable.measure(TransactionView.cells(t, showFinished: false), into: &widths)
        }
        printed += 1
      }
      if !json {
        for t in progress.renewals { console.line(TextTable.format(TransactionView.cells(t, showFinished: false), widths: widths)) }
      }
    }
    // On a terminal, a progress line on stderr while the batches are committed.
    var drawn = false
    if console.interactive && !console.quiet && !json {
      request.events = { done, estimate in
        console.progressLine("clock: \(done) events" + (estimate.map { " of at most \($0)" } ?? ""))
        drawn = true
      }
    }
    let result = try context.workspace.moveClock(request)
    if drawn { console.progressLine("") }
    if let refusal = result.refusal() { throw refusal }
    return .success
  }

  /// The start of the `--json` document, up to its first transaction.
  private static func documentHead(_ reading: ClockReading) -> String {
    let mode = reading.clock.isReal ? "real" : "simulated"
    return "{\n  \"now\": \(JSONWriter.compact(.string(reading.now.iso8601))),\n  \"mode\": \(JSONWriter.compact(.string(mode))),\n  \"transactions\": [\n    "
  }
}

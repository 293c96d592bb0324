import IAPCore
import IAPKit

/// `iap clock`: the store's time.
struct ClockCommand: Command {
  static let spec = CommandSpec(
    ["clock"], abstract: "Show the store's clock.",
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
      context.console.json(.object([
        ("now", .string(reading.now.iso8601)), ("mode", .string(mode)),
        ("transactions", .array(made.map { TransactionView.json($0, signer: signer) })),
      ]))
    } else {
      TransactionView.lines(made).forEach { context.console.line($0) }
      context.console.line("\(reading.now.iso8601) (\(mode))")
    }
  }

  /// Moves the clock to `destination` and prints the renewals made and the new time; a move
  /// back once transactions exist is a usage error of `iap clock`.
  static func move(_ context: CommandContext, to destination: ClockDestination) throws(IAPError) -> ExitCode {
    var request = MoveClockRequest(destination: destination)
    request.signed = context.globals.json
    switch try context.workspace.moveClock(request) {
    case let .cannotGoBack(from, to):
      throw .usage(
        "the clock cannot go back from \(from.iso8601) to \(to.iso8601) once transactions exist (iap reset starts over)",
        command: ["clock"])
    case .outOfRange:
      let range = Timestamp.supportedRange
      throw .usage(
        "the clock can only show dates from \(range.lowerBound.iso8601) to \(range.upperBound.iso8601): the move would leave them",
        command: ["clock"])
    case let .tooManyEvents(limit):
      throw .usage(
        "the move covers more than \(limit) subscription renewals and other events, the most one command makes: advance in smaller steps",
        command: ["clock"])
    case let .moved(moved):
      print(moved.reading, context, made: moved.renewals, signer: moved.signer)
      return .success
    }
  }
}

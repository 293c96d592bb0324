import IAPCore
import IAPKit
import IAPOperations

/// `iap clock advance DURATION`.
struct ClockAdvanceCommand: Command {
  static let spec = CommandSpec(
    ["clock", "advance"], operation: ClockOperations.advance,
    discussion: """
      DURATION is 90s, 15m, 3h, 2d, 1w, 1M (months), 1y, combinations like 1d12h, or ISO 8601 \
      like P1M or PT15M. Renewals and expiries the time covers happen, and wait in the queue \
      for the app's next launch. Prints the renewals made and the new time.
      """,
    arguments: [ArgumentSpec("duration", ClockOperations.by)])

  let destination: ClockDestination

  init(_ invocation: Invocation) throws(IAPError) { destination = try ClockOperations.advanceRequest(invocation) }

  func run(_ context: CommandContext) throws(IAPError) -> ExitCode {
    try ClockCommand.move(context, to: destination)
  }
}

import IAPCore
import IAPKit

/// `iap clock advance DURATION`.
struct ClockAdvanceCommand: Command {
  static let spec = CommandSpec(
    ["clock", "advance"], abstract: "Move the store's clock forward.",
    discussion: """
      DURATION is 90s, 15m, 3h, 2d, 1w, 1M (months), 1y, combinations like 1d12h, or ISO 8601 \
      like P1M or PT15M. Renewals and expiries the time covers happen, and wait in the queue \
      for the app's next launch. Prints the renewals made and the new time.
      """,
    arguments: [ArgumentSpec("duration", help: "How far to move the clock.")])

  let duration: ClockDuration

  init(_ invocation: Invocation) throws(IAPError) {
    let text = invocation.positionals[0]
    guard let duration = ClockDuration(text) else {
      throw invocation.usageError(ClockDestination.invalidDuration(text))
    }
    self.duration = duration
  }

  func run(_ context: CommandContext) throws(IAPError) -> ExitCode {
    try ClockCommand.move(context, to: .forward(duration), path: Self.spec.path)
  }
}

import IAPCore
import IAPKit
import IAPOperations

/// `iap clock set DATE`.
struct ClockSetCommand: Command {
  static let spec = CommandSpec(
    ["clock", "set"], operation: ClockOperations.set,
    discussion: "DATE is ISO 8601: 2026-01-15, 2026-01-15T10:00:00Z or with an offset like +02:00.",
    arguments: [ArgumentSpec("date", ClockOperations.date)])

  let destination: ClockDestination

  init(_ invocation: Invocation) throws(IAPError) { destination = try ClockOperations.setRequest(invocation) }

  func run(_ context: CommandContext) throws(IAPError) -> ExitCode {
    try ClockCommand.move(context, to: destination)
  }
}

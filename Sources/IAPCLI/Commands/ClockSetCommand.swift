import IAPCore
import IAPKit
import IAPFormats

/// `iap clock set DATE`.
struct ClockSetCommand: Command {
  static let spec = CommandSpec(
    ["clock", "set"], abstract: "Set the store's clock to a date.",
    discussion: "DATE is ISO 8601: 2026-01-15, 2026-01-15T10:00:00Z or with an offset like +02:00.",
    arguments: [ArgumentSpec("date", help: "The new time.")])

  let date: Timestamp

  init(_ invocation: Invocation) throws(IAPError) {
    let text = invocation.positionals[0]
    guard let date = Timestamp(iso8601: text) else {
      throw invocation.usageError(ClockDestination.invalidDate(text))
    }
    self.date = date
  }

  func run(_ context: CommandContext) throws(IAPError) -> ExitCode {
    try ClockCommand.move(context, to: .date(date), path: Self.spec.path)
  }
}

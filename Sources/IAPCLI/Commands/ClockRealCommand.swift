import IAPCore
import IAPKit
import IAPOperations

/// `iap clock real`.
struct ClockRealCommand: Command {
  static let spec = CommandSpec(
    ["clock", "real"], operation: ClockOperations.real,
    discussion: "While the clock is real, the time-rate setting compresses subscription periods.")

  init(_ invocation: Invocation) throws(IAPError) {}

  func run(_ context: CommandContext) throws(IAPError) -> ExitCode {
    try ClockCommand.move(context, to: .real)
  }
}

import IAPCore
import IAPFormats
import IAPKit

/// `iap version`: what `iap --version` prints, as a command too, since newcomers type it
/// as one and tools like `swift`, `docker` and `go` accept both.
struct VersionCommand: Command {
  static let spec = CommandSpec(["version"], abstract: "Show the version (as iap --version).")

  init(_ invocation: Invocation) throws(IAPError) {}

  func run(_ context: CommandContext) throws(IAPError) -> ExitCode {
    if context.globals.json {
      context.console.json(.object([("version", .string(CLI.version))]))
    } else {
      context.console.line("iap \(CLI.version)")
    }
    return .success
  }
}

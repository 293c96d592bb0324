import IAPCore
import IAPKit

/// `iap help [COMMAND]`: the same text as `iap COMMAND --help`.
struct HelpCommand: Command {
  static let spec = CommandSpec(
    ["help"], abstract: "Show help for a command.",
    arguments: [ArgumentSpec("subcommand", help: "The command to explain.", repeating: true, optional: true)])

  let path: [String]

  init(_ invocation: Invocation) throws(IAPError) {
    path = invocation.positionals
    if !RegistryLookup.exists(path) {
      let parent = Array(path.dropLast())
      let words = CommandRegistry.children(of: parent).map(\.name)
      let last = path.last ?? ""
      throw invocation.usageError("unknown command '\(path.joined(separator: " "))'\(Suggestion.hint(for: last, in: words))")
    }
  }

  func run(_ context: CommandContext) throws(IAPError) -> ExitCode {
    context.console.line(HelpFormatter.help(for: path), terminator: "")
    return .success
  }
}

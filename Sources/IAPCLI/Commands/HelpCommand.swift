import IAPCore
import IAPKit
import IAPOperations

/// `iap help [COMMAND]`: the same text as `iap COMMAND --help`.
struct HelpCommand: Command {
  static let spec = CommandSpec(
    ["help"], abstract: "Show help for a command.", arguments: [ArgumentSpec("subcommand", subcommand)], parameters: [subcommand.info])

  /// The words of the command explained: the CLI's own parameter, as help is the CLI's alone.
  static let subcommand = Parameter<[String]>.strings(
    ParameterInfo("subcommand", json: "subcommand", reach: .commandLineOnly, help: "The command to explain."))

  let path: [String]

  init(_ invocation: Invocation) throws(IAPError) {
    path = try invocation.value(Self.subcommand, default: [])
    if !RegistryLookup.exists(path) {
      let parent = Array(path.dropLast())
      let words = CommandRegistry.children(of: parent).map(\.name)
      let last = path.last ?? ""
      throw invocation.usage("unknown command '\(path.joined(separator: " "))'\(Suggestion.hint(for: last, in: words))")
    }
  }

  func run(_ context: CommandContext) throws(IAPError) -> ExitCode {
    context.console.line(HelpFormatter.help(for: path), terminator: "")
    return .success
  }
}

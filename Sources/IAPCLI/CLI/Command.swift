import IAPCore
import IAPKit

/// A subcommand: its spec, a validating initializer from parsed arguments, and `run`.
///
/// `init` may only throw usage errors; `run` does the work.
package protocol Command {
  static var spec: CommandSpec { get }
  init(_ invocation: Invocation) throws(IAPError)
  func run(_ context: CommandContext) throws(IAPError) -> ExitCode
}

/// The parsed command line of one command: its positionals and option values.
package struct Invocation: Sendable {
  package var spec: CommandSpec
  package var positionals: [String] = []
  /// Option values by long name; the last occurrence wins.
  package var values: [String: String] = [:]
  /// Every value of a repeating option, in the order given.
  package var repeated: [String: [String]] = [:]
  package var flags: Set<String> = []

  /// The value given for `--name`, if any.
  package func value(_ name: String) -> String? { values[name] }

  /// Every value given for the repeating option `--name`, in order.
  package func values(_ name: String) -> [String] { repeated[name] ?? [] }

  /// Whether the flag `--name` was given.
  package func flag(_ name: String) -> Bool { flags.contains(name) }
}

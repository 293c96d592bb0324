import IAPCore
import IAPKit

/// A subcommand: its spec, a validating initializer from parsed arguments, and `run`.
///
/// `init` may only throw usage errors; `run` does the work.
public protocol Command {
  static var spec: CommandSpec { get }
  init(_ invocation: Invocation) throws(IAPError)
  func run(_ context: CommandContext) throws(IAPError) -> ExitCode
}

/// The parsed command line of one command: its positionals and option values.
public struct Invocation: Sendable {
  public var spec: CommandSpec
  public var positionals: [String] = []
  /// Option values by long name; the last occurrence wins.
  public var values: [String: String] = [:]
  public var flags: Set<String> = []

  /// The value given for `--name`, if any.
  public func value(_ name: String) -> String? { values[name] }

  /// Whether the flag `--name` was given.
  public func flag(_ name: String) -> Bool { flags.contains(name) }

  /// A usage error about this command, with the hint to its help.
  public func usageError(_ message: String) -> IAPError { .usage(message, command: spec.path) }
}

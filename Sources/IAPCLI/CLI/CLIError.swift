import IAPFormats
import IAPKit
import IAPOperations

/// A failure that is the CLI's own rather than the application's: a command line it cannot
/// parse, an address `iap serve` cannot listen on.
package enum CLIError: Error, Equatable, Sendable {
  /// A malformed command line; `command` is the command whose help the hint names (as far as
  /// the words went before they went wrong).
  case usage(String, command: [String])
  /// The server cannot listen where it was asked to (a port in use, an address not here).
  case cannotServe(address: String, reason: String)

  /// The message, without the `error: ` prefix.
  package var message: String {
    switch self {
    case let .usage(message, _): return message
    case let .cannotServe(address, reason): return "cannot serve on \(address): \(reason)"
    }
  }

  /// A stable camelCase name for scripts, as `IAPError.name`.
  package var name: String {
    switch self {
    case .usage: return "usage"
    case .cannotServe: return "cannotServe"
    }
  }

  /// The exit status for this failure: the one place the CLI's own failures are mapped to
  /// exit codes (the application's are mapped by `IAPError.exitCode`).
  package var exitCode: ExitCode {
    switch self {
    case .usage: return .usage
    case .cannotServe: return .ioError
    }
  }

  /// The `{"error": …}` object `--json` prints, in the application's encoding.
  package var json: JSONValue { IAPError.json(name: name, messages: [message], exitCode: exitCode) }
}

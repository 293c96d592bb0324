import IAPCatalog
import IAPCore
import IAPStorage

/// The statuses a front end ends a failure with: the CLI's exit status and the control
/// plane's HTTP status. Both are here rather than in the CLI because the `{"error": …}`
/// document that `--json` prints and the control plane answers carries the exit status too
/// (`IAPError+JSON`).
extension IAPError {
  /// The exit status for this failure: the one place the application's failures are mapped
  /// to exit codes (the CLI's own are `CLIError.exitCode`'s).
  package var exitCode: ExitCode {
    switch self {
    case .invalidRequest: return .usage
    case .catalog(.catalogMissing), .catalog(.inputMissing), .catalog(.inputUnusable): return .noInput
    case .catalog(.catalogInvalid), .catalog(.inputInvalid), .settingsIncomplete: return .dataError
    case .state(.refused), .refused, .purchaseFailed: return .storeRefused
    case .state, .outputUnwritable: return .ioError
    }
  }

  /// The HTTP status the control plane answers this failure with (docs/control-api.md):
  /// the request's fault 4xx, the server's own 5xx.
  package var httpStatus: Int {
    switch self {
    case .invalidRequest, .catalog(.inputMissing), .catalog(.inputInvalid), .catalog(.inputUnusable): return 400
    case .refused(.unknownTransaction), .refused(.noSubscription), .refused(.unknownKey): return 404
    case .refused, .state(.refused), .purchaseFailed, .settingsIncomplete, .state(.notAState): return 409
    case .catalog(.catalogMissing), .catalog(.catalogInvalid), .state, .outputUnwritable: return 500
    }
  }
}

import IAPCore

/// The statuses a front end ends a failure with: the CLI's exit status and the control
/// plane's HTTP status. Both are here rather than in the CLI because the `{"error": …}`
/// document that `--json` prints and the control plane answers carries the exit status too
/// (`IAPError+JSON`).
extension IAPError {
  /// The exit status for this failure: the one place failures are mapped to exit codes.
  package var exitCode: ExitCode {
    switch self {
    case .usage: return .usage
    case .catalogMissing, .inputMissing, .inputUnusable: return .noInput
    case .catalogInvalid, .inputInvalid, .settingsIncomplete: return .dataError
    case .stateUnreadable, .stateDamaged, .stateUnwritable, .notAState, .outputUnwritable, .cannotServe: return .ioError
    case .refused, .purchaseFailed: return .storeRefused
    }
  }

  /// The HTTP status the control plane answers this failure with (docs/control-api.md):
  /// the request's fault 4xx, the server's own 5xx.
  package var httpStatus: Int {
    switch self {
    case .usage, .inputMissing, .inputInvalid, .inputUnusable: return 400
    case .refused(.unknownTransaction), .refused(.noSubscription), .refused(.unknownKey): return 404
    case .refused, .purchaseFailed, .settingsIncomplete, .notAState: return 409
    case .catalogMissing, .catalogInvalid, .stateUnreadable, .stateDamaged, .stateUnwritable, .outputUnwritable, .cannotServe:
      return 500
    }
  }
}

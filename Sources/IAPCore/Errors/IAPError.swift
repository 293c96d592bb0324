import IAPFormats

/// Every way a command can fail, each with the message users see and its exit status.
///
/// This is the one place where failures are mapped to exit codes.
package enum IAPError: Error, Equatable, Sendable {
  /// A malformed command line; `command` is the command whose help the hint names.
  case usage(String, command: [String])
  /// The catalog file does not exist.
  case catalogMissing(path: String)
  /// The catalog has errors: one formatted line per problem.
  case catalogInvalid(path: String, problems: [String])
  /// An input file other than the catalog does not exist.
  case inputMissing(path: String)
  /// An input file other than the catalog is invalid.
  case inputInvalid(path: String, reason: String)
  /// An input (the catalog included) is not something iap reads: a device, a socket, a
  /// folder.
  case inputUnusable(path: String, reason: String)
  /// A state file exists but cannot be parsed; it is left untouched.
  case stateUnreadable(path: String, reason: String)
  /// A log of the state holds a damaged record (a bad checksum, bad JSON, an impossible
  /// value) at byte `offset`: nothing is written until it is repaired.
  case stateDamaged(path: String, offset: Int, reason: String)
  /// The state folder cannot be read or written.
  case stateUnwritable(path: String, reason: String)
  /// A folder a command would delete from (`reset`, deleting a namespace) is not an iap
  /// state: iap did not make it, or it holds files that are not iap's. Nothing is deleted.
  case notAState(path: String, reason: String)
  /// An output file (`catalog convert -o`) cannot be written.
  case outputUnwritable(path: String, reason: String)
  /// The store refused an action on transactions.
  case refused(StoreRefusal)
  /// A payment ended `failed`.
  case purchaseFailed(StoreError)
  /// The settings in force cannot work together (Production without the app's Apple ID).
  case settingsIncomplete(String)
  /// The server cannot listen where it was asked to (a port in use, an address not here).
  case cannotServe(address: String, reason: String)

  /// The exit status for this failure.
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

  /// A stable camelCase name for scripts (`--json` error objects).
  package var name: String {
    switch self {
    case .usage: return "usage"
    case .catalogMissing: return "catalogMissing"
    case .catalogInvalid: return "catalogInvalid"
    case .inputMissing: return "inputMissing"
    case .inputInvalid: return "inputInvalid"
    case .inputUnusable: return "inputUnusable"
    case .stateUnreadable: return "stateUnreadable"
    case .stateDamaged: return "stateDamaged"
    case .stateUnwritable: return "stateUnwritable"
    case .notAState: return "notAState"
    case .outputUnwritable: return "outputUnwritable"
    case let .refused(refusal):
      switch refusal {
      case .unknownTransaction: return "unknownTransaction"
      case .notInQueue: return "notInQueue"
      case .notFinishable: return "notFinishable"
      case .nothingToFinish: return "nothingToFinish"
      case .wrongState: return "wrongState"
      case .alreadyRefunded: return "alreadyRefunded"
      case .refundRequestPending: return "refundRequestPending"
      case .noRefundRequest: return "noRefundRequest"
      case .notRefunded: return "notRefunded"
      case .notAPriceIncrease: return "notAPriceIncrease"
      case .noPriceIncrease: return "noPriceIncrease"
      case .increaseNeedsConsent: return "increaseNeedsConsent"
      case .family: return "family"
      case .noSubscription: return "noSubscription"
      case .subscriptionState: return "subscriptionState"
      case let .requestFailed(_, error): return error.code.name
      case .downloadIncomplete: return "downloadIncomplete"
      case .noContent: return "noContent"
      case .notOwned: return "notOwned"
      case .downloadState: return "downloadState"
      case .downloadFailed: return "downloadFailed"
      case .duplicateKey: return "duplicateKey"
      case .unknownKey: return "unknownKey"
      case .namespaceLimit: return "namespaceLimit"
      case .saleUnchanged: return "saleUnchanged"
      }
    case let .purchaseFailed(error): return error.code.name
    case .settingsIncomplete: return "settingsIncomplete"
    case .cannotServe: return "cannotServe"
    }
  }

  /// The message lines, without the `error: ` prefix; one line except for catalog problems.
  package var messages: [String] {
    switch self {
    case let .usage(message, _): return [message]
    case let .catalogMissing(path): return ["catalog not found: \(path) (use --catalog PATH or IAP_CATALOG)"]
    case let .catalogInvalid(_, problems): return problems
    case let .inputMissing(path): return ["file not found: \(path)"]
    case let .inputInvalid(path, reason), let .inputUnusable(path, reason): return ["\(path): \(reason)"]
    case let .stateUnreadable(path, reason):
      return ["state file \(path) is unreadable (\(reason)); it was left untouched: inspect it, or reset the state to start over"]
    case let .stateDamaged(path, offset, reason):
      return ["state file \(path) is damaged at byte \(offset) (\(reason)); nothing is written to the state until it is repaired (iap doctor --repair)"]
    case let .stateUnwritable(path, reason): return ["cannot write state in \(path): \(reason)"]
    case let .notAState(path, reason): return ["\(path) is not an iap state folder (\(reason)); nothing was deleted"]
    case let .outputUnwritable(path, reason): return ["cannot write \(path): \(reason)"]
    case let .refused(refusal): return [refusal.message]
    case let .purchaseFailed(error): return ["purchase failed: \(error.code.name) (\(error.code.rawValue)): \(error.message)"]
    case let .settingsIncomplete(reason): return ["the settings are incomplete: \(reason)"]
    case let .cannotServe(address, reason): return ["cannot serve on \(address): \(reason)"]
    }
  }

  /// The `SKError` behind a failed payment or request, if that is what this is.
  var storeError: StoreError? {
    switch self {
    case let .purchaseFailed(error), let .refused(.requestFailed(_, error)): return error
    default: return nil
    }
  }

  /// The `{"error": …}` object printed on stdout with `--json`.
  package var json: JSONValue {
    var members: [(String, JSONValue)] = []
    if let error = storeError {
      members = [("domain", .string("SKErrorDomain")), ("code", .int(Int64(error.code.rawValue)))]
    } else {
      members = [("domain", .string("iap")), ("code", .int(Int64(exitCode.rawValue)))]
    }
    members += [("name", .string(name)), ("message", .string(messages.joined(separator: "\n")))]
    if case let .catalogInvalid(_, problems) = self { members.append(("problems", .array(problems.map(JSONValue.string)))) }
    members.append(("exitCode", .int(Int64(exitCode.rawValue))))
    return .object(members)
  }
}

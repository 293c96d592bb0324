/// Every way a use case can fail, each with its plain message.
///
/// What a front end shows besides (the remedy in its own terms, the exit status, the HTTP
/// status, the `{"error": …}` document) is the front ends' and lives with them in IAPKit's
/// views: `IAPError+Presentation`, `IAPError+Status`, `IAPError+JSON`.
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

  /// The message lines, without the `error: ` prefix or a front end's remedy
  /// (`userMessages`); one line except for catalog problems.
  package var messages: [String] {
    switch self {
    case let .usage(message, _): return [message]
    case let .catalogMissing(path): return ["catalog not found: \(path)"]
    case let .catalogInvalid(_, problems): return problems
    case let .inputMissing(path): return ["file not found: \(path)"]
    case let .inputInvalid(path, reason), let .inputUnusable(path, reason): return ["\(path): \(reason)"]
    case let .stateUnreadable(path, reason):
      return ["state file \(path) is unreadable (\(reason)); it was left untouched: inspect it, or reset the state to start over"]
    case let .stateDamaged(path, offset, reason):
      return ["state file \(path) is damaged at byte \(offset) (\(reason)); nothing is written to the state until it is repaired"]
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
  package var storeError: StoreError? {
    switch self {
    case let .purchaseFailed(error), let .refused(.requestFailed(_, error)): return error
    default: return nil
    }
  }
}

import IAPCore

/// How the state folder can fail a command, each with its plain message.
///
/// The application wraps these (`IAPError.state`); what a front end shows besides (a remedy,
/// an exit or HTTP status) is the front ends' and lives with `IAPError`.
package enum StateError: Error, Equatable, Sendable {
  /// A state file exists but cannot be parsed; it is left untouched.
  case unreadable(path: String, reason: String)
  /// A log of the state holds a damaged record (a bad checksum, bad JSON, an impossible
  /// value) at byte `offset`: nothing is written until it is repaired.
  case damaged(path: String, offset: Int, reason: String)
  /// The state folder cannot be read or written.
  case unwritable(path: String, reason: String)
  /// A folder a command would delete from (`reset`, deleting a namespace) is not an iap
  /// state: iap did not make it, or it holds files that are not iap's. Nothing is deleted.
  case notAState(path: String, reason: String)
  /// The store's namespaces refuse the request: too many of them, or one deleted while the
  /// request waited for it.
  case refused(StoreRefusal)

  /// The message, without the `error: ` prefix or a front end's remedy.
  package var message: String {
    switch self {
    case let .unreadable(path, reason):
      return "state file \(path) is unreadable (\(reason)); it was left untouched: inspect it, or reset the state to start over"
    case let .damaged(path, offset, reason):
      return "state file \(path) is damaged at byte \(offset) (\(reason)); nothing is written to the state until it is repaired"
    case let .unwritable(path, reason): return "cannot write state in \(path): \(reason)"
    case let .notAState(path, reason): return "\(path) is not an iap state folder (\(reason)); nothing was deleted"
    case let .refused(refusal): return refusal.message
    }
  }
}

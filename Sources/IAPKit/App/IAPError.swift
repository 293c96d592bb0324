import IAPCatalog
import IAPCore
import IAPStorage

/// Every way a use case can fail, each with its plain message: the lower layers' errors
/// (the state folder's, the catalog's and other inputs', the store's refusals) and the
/// application's own.
///
/// What a front end shows besides (the remedy in its own terms, the exit status, the HTTP
/// status, the `{"error": …}` document) lives in IAPKit's views: `IAPError+Presentation`,
/// `IAPError+Status`, `IAPError+JSON`. A front end's own failures (a malformed command line,
/// an address the server cannot listen on) are the front end's.
package enum IAPError: Error, Equatable, Sendable {
  /// A request the application rejects as asked: a parameter out of range, a combination
  /// that cannot work. The front end names its own remedy (the CLI, the command's help).
  case invalidRequest(String)
  /// The catalog, or another input file, is missing or invalid.
  case catalog(CatalogError)
  /// The state folder cannot be read, written or trusted.
  case state(StateError)
  /// An output file (`catalog convert -o`) cannot be written.
  case outputUnwritable(path: String, reason: String)
  /// The store refused an action on transactions.
  case refused(StoreRefusal)
  /// A payment ended `failed`.
  case purchaseFailed(StoreError)
  /// The settings in force cannot work together (Production without the app's Apple ID).
  case settingsIncomplete(String)

  /// The state folder's error as the application reports it: its refusals are the store's.
  package init(_ error: StateError) {
    if case let .refused(refusal) = error { self = .refused(refusal) } else { self = .state(error) }
  }

  /// The catalog's or an input's error as the application reports it.
  package init(_ error: CatalogError) { self = .catalog(error) }

  /// The message lines, without the `error: ` prefix or a front end's remedy
  /// (`userMessages`); one line except for catalog problems.
  package var messages: [String] {
    switch self {
    case let .invalidRequest(message): return [message]
    case let .catalog(error): return error.messages
    case let .state(error): return [error.message]
    case let .outputUnwritable(path, reason): return ["cannot write \(path): \(reason)"]
    case let .refused(refusal): return [refusal.message]
    case let .purchaseFailed(error): return ["purchase failed: \(error.code.name) (\(error.code.rawValue)): \(error.message)"]
    case let .settingsIncomplete(reason): return ["the settings are incomplete: \(reason)"]
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

extension IAPError {
  /// `value`, a call into the state folder, with its failure reported as the application's:
  /// `try IAPError.ofState(session.keysFile())`.
  package static func ofState<T>(_ value: @autoclosure () throws(StateError) -> T) throws(IAPError) -> T {
    do { return try value() } catch { throw IAPError(error) }
  }

  /// `value`, a read of the catalog or another input, with its failure reported as the
  /// application's.
  package static func ofCatalog<T>(_ value: @autoclosure () throws(CatalogError) -> T) throws(IAPError) -> T {
    do { return try value() } catch { throw IAPError(error) }
  }
}

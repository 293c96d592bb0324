import IAPCatalog
import IAPCore
import IAPFormats
import IAPKit
import IAPStorage

/// The `{"error": …}` document: what `--json` prints on stdout and the control plane answers
/// with, one encoding for both front ends.
extension IAPError {
  /// A stable camelCase name for scripts (`--json` error objects).
  package var name: String {
    switch self {
    case .invalidRequest: return "usage"
    case .catalog(.catalogMissing): return "catalogMissing"
    case .catalog(.catalogInvalid): return "catalogInvalid"
    case .catalog(.inputMissing): return "inputMissing"
    case .catalog(.inputInvalid): return "inputInvalid"
    case .catalog(.inputUnusable): return "inputUnusable"
    case .state(.unreadable): return "stateUnreadable"
    case .state(.damaged): return "stateDamaged"
    case .state(.unwritable): return "stateUnwritable"
    case .state(.notAState): return "notAState"
    case let .state(.refused(refusal)): return IAPError.refused(refusal).name
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
      case .namespaceBusy: return "namespaceBusy"
      case .namespaceExists: return "namespaceExists"
      case .saleUnchanged: return "saleUnchanged"
      }
    case let .purchaseFailed(error): return error.code.name
    case .settingsIncomplete: return "settingsIncomplete"
    }
  }

  /// The `{"error": …}` object: printed on stdout with `--json`, answered by the control plane.
  package var json: JSONValue {
    var problems: [String]?
    if case let .catalog(.catalogInvalid(_, lines)) = self { problems = lines }
    return Self.json(name: name, messages: userMessages, exitCode: exitCode, storeError: storeError, problems: problems)
  }

  /// An `{"error": …}` object from its parts: the one encoding of the application's failures
  /// and a front end's own.
  package static func json(
    name: String, messages: [String], exitCode: ExitCode, storeError: StoreError? = nil, problems: [String]? = nil
  ) -> JSONValue {
    var members: [(String, JSONValue)] = []
    if let storeError {
      members = [("domain", .string("SKErrorDomain")), ("code", .int(Int64(storeError.code.rawValue)))]
    } else {
      members = [("domain", .string("iap")), ("code", .int(Int64(exitCode.rawValue)))]
    }
    members += [("name", .string(name)), ("message", .string(messages.joined(separator: "\n")))]
    if let problems { members.append(("problems", .array(problems.map(JSONValue.string)))) }
    members.append(("exitCode", .int(Int64(exitCode.rawValue))))
    return .object(members)
  }
}

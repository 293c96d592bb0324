import IAPCore
import IAPFormats

/// The `{"error": …}` document: what `--json` prints on stdout and the control plane answers
/// with, one encoding for both front ends.
extension IAPError {
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
      case .namespaceBusy: return "namespaceBusy"
      case .namespaceExists: return "namespaceExists"
      case .saleUnchanged: return "saleUnchanged"
      }
    case let .purchaseFailed(error): return error.code.name
    case .settingsIncomplete: return "settingsIncomplete"
    case .cannotServe: return "cannotServe"
    }
  }

  /// The `{"error": …}` object: printed on stdout with `--json`, answered by the control plane.
  package var json: JSONValue {
    var members: [(String, JSONValue)] = []
    if let error = storeError {
      members = [("domain", .string("SKErrorDomain")), ("code", .int(Int64(error.code.rawValue)))]
    } else {
      members = [("domain", .string("iap")), ("code", .int(Int64(exitCode.rawValue)))]
    }
    members += [("name", .string(name)), ("message", .string(userMessages.joined(separator: "\n")))]
    if case let .catalogInvalid(_, problems) = self { members.append(("problems", .array(problems.map(JSONValue.string)))) }
    members.append(("exitCode", .int(Int64(exitCode.rawValue))))
    return .object(members)
  }
}

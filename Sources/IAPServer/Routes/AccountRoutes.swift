import IAPCore
import IAPFormats
import IAPKit
import IAPOperations

/// What the account owns: restore, sync, entitlements, Family Sharing.
enum AccountRoutes {
  static let all = [
    ControlRoute(method: "POST", path: "/restore", operation: AccountOperations.restore, answer: .transactions) { call throws(IAPError) in
      .json(TransactionRoutes.document(try call.workspace.restore(signed: true)))
    },
    ControlRoute(method: "POST", path: "/sync", operation: AccountOperations.appStoreSync, answer: .transactions) { call throws(IAPError) in
      .json(TransactionRoutes.document(try call.workspace.restore(signed: true, sync: true)))
    },
    ControlRoute(method: "GET", path: "/entitlements", operation: AccountOperations.entitlements, answer: .transactions) {
      call throws(IAPError) in
      .json(TransactionRoutes.document(try call.workspace.entitlements(signed: true)))
    },
    ControlRoute(method: "GET", path: "/family", operation: AccountOperations.family) { call throws(IAPError) in
      .json(FamilyJSON.document(try call.workspace.family(), account: call.workspace.account))
    },
    ControlRoute(method: "POST", path: "/family/members", operation: AccountOperations.addMember, answer: .transactions) {
      call throws(IAPError) in
      .json(TransactionRoutes.document(try call.workspace.addFamilyMember(try AccountOperations.memberRequest(call), signed: true)))
    },
    ControlRoute(method: "DELETE", path: "/family/members/{member}", operation: AccountOperations.removeMember, answer: .transactions) {
      call throws(IAPError) in
      .json(TransactionRoutes.document(try call.workspace.removeFamilyMember(try AccountOperations.memberRequest(call), signed: true)))
    },
  ]
}

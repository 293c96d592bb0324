import IAPCore
import IAPFormats
import IAPKit

/// What the account owns: restore, sync, entitlements, Family Sharing.
enum AccountRoutes {
  static let all = [
    ControlRoute(
      method: "POST", path: "/restore",
      summary: "Restore completed transactions (iap restore; restoreCompletedTransactions).", answer: .transactions
    ) { call throws(IAPError) in
      .json(TransactionRoutes.document(try call.workspace.restore(signed: true)))
    },
    ControlRoute(
      method: "POST", path: "/sync",
      summary: "StoreKit 2's AppStore.sync(): the same use case as restore, the account's transactions made current; it fails as fail-app-store-sync says.",
      answer: .transactions
    ) { call throws(IAPError) in
      .json(TransactionRoutes.document(try call.workspace.restore(signed: true, sync: true)))
    },
    ControlRoute(
      method: "GET", path: "/entitlements",
      summary: "What the account is entitled to now (iap entitlements; Transaction.currentEntitlements).", answer: .transactions
    ) { call throws(IAPError) in
      .json(TransactionRoutes.document(try call.workspace.entitlements(signed: true)))
    },
    ControlRoute(method: "GET", path: "/family", summary: "The account's Family Sharing group (iap family).") { call throws(IAPError) in
      .json(FamilyJSON.document(try call.workspace.family(), account: call.workspace.account))
    },
    ControlRoute(
      method: "POST", path: "/family/members",
      summary: "Add an account to this account's family (iap family add): it shares what is family-shareable.",
      body: [ControlParameter("member", .string, "The account to add.", required: true)],
      answer: .transactions
    ) { call throws(IAPError) in
      .json(TransactionRoutes.document(try call.workspace.addFamilyMember(try call.string("member") ?? "", signed: true)))
    },
    ControlRoute(
      method: "DELETE", path: "/family/members/{member}",
      summary: "Remove an account from the family (iap family remove): what it shared is revoked.", answer: .transactions
    ) { call throws(IAPError) in
      .json(TransactionRoutes.document(try call.workspace.removeFamilyMember(call.path("member"), signed: true)))
    },
  ]
}

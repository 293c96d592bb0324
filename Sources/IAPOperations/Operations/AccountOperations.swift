import IAPCore
import IAPKit

/// What the account owns: restoring it, its entitlements, and the family it shares them with.
package enum AccountOperations {
  package static let sync = Parameter<Bool>.flag(
    ParameterInfo("sync", json: "sync", reach: .commandLineOnly, help: "Restore as AppStore.sync() does (simulated failures: fail-app-store-sync)."))
  package static let restore = OperationSpec(
    "restore", summary: "Restore completed purchases, as restoreCompletedTransactions does.", parameters: [sync.info])
  /// StoreKit 2's `AppStore.sync()`: the control plane's route of its own for `restore --sync`.
  package static let appStoreSync = OperationSpec("restore --sync", summary: sync.info.summary, parameters: [])

  package static let entitlements = OperationSpec("entitlements", summary: "Show what the account is entitled to now.", parameters: [])

  package static let family = OperationSpec(
    "family", summary: "Show whom the account shares its purchases with (Family Sharing).", parameters: [])

  /// The family member an operation adds or removes, by account name.
  package static let member = Parameter<String>.read(
    ParameterInfo("member", json: "member", value: "name", required: true, help: "The member's account name (as --account takes it).")
  ) { (text, input) throws(IAPError) -> String in
    guard Workspace.isUsableName(text) else {
      throw input.usage("invalid member '\(text)': expected an account name of 1 to 128 printable characters")
    }
    return text
  }
  package static let addMember = OperationSpec(
    "family add", summary: "Add an account to the family the account's purchases are shared with.", parameters: [member.info])
  package static let removeMember = OperationSpec(
    "family remove", summary: "Remove an account from the family: its shared purchases are revoked.", parameters: [member.info])

  /// The member an add or a remove names.
  package static func memberRequest(_ input: some OperationInput) throws(IAPError) -> String { try input.required(member) }
}

import IAPCore
import IAPKit
import IAPOperations

/// `iap family add MEMBER`: share the account's purchases with another account.
struct FamilyAddCommand: Command {
  static let spec = CommandSpec(
    ["family", "add"], operation: AccountOperations.addMember,
    discussion: """
      Every non-consumable and active auto-renewable subscription the account bought whose \
      product is familyShareable is shared with MEMBER at once, and so are later purchases: \
      MEMBER gets a transaction of its own (its own id, inAppOwnershipType FAMILY_SHARED) in \
      its history, entitlements and receipt. Prints MEMBER's new transactions.
      """,
    arguments: [ArgumentSpec("member", AccountOperations.member)])

  let member: String

  init(_ invocation: Invocation) throws(IAPError) { member = try AccountOperations.memberRequest(invocation) }

  func run(_ context: CommandContext) throws(IAPError) -> ExitCode {
    let result = try context.workspace.addFamilyMember(member, signed: context.globals.json)
    try TransactionArgument.print(result, context)
    return .success
  }
}

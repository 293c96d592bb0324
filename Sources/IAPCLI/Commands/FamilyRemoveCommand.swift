import IAPCore
import IAPKit
import IAPOperations

/// `iap family remove MEMBER`: stop sharing with an account.
struct FamilyRemoveCommand: Command {
  static let spec = CommandSpec(
    ["family", "remove"], operation: AccountOperations.removeMember,
    discussion: """
      Every transaction shared with MEMBER is revoked (revocationDate now) and REVOKE is \
      sent for each, as when a purchaser stops sharing or a member leaves the family. \
      Prints the revoked transactions.
      """,
    arguments: [ArgumentSpec("member", AccountOperations.member)])

  let member: String

  init(_ invocation: Invocation) throws(IAPError) { member = try AccountOperations.memberRequest(invocation) }

  func run(_ context: CommandContext) throws(IAPError) -> ExitCode {
    let result = try context.workspace.removeFamilyMember(member, signed: context.globals.json)
    try TransactionArgument.print(result, context)
    return .success
  }
}

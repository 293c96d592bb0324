import IAPCore
import IAPKit

/// `iap family remove MEMBER`: stop sharing with an account.
struct FamilyRemoveCommand: Command {
  static let spec = CommandSpec(
    ["family", "remove"], abstract: "Remove an account from the family: its shared purchases are revoked.",
    discussion: """
      Every transaction shared with MEMBER is revoked (revocationDate now) and REVOKE is \
      sent for each, as when a purchaser stops sharing or a member leaves the family. \
      Prints the revoked transactions.
      """,
    arguments: [ArgumentSpec("member", help: "The member's account name.")])

  let member: String

  init(_ invocation: Invocation) throws(IAPError) { member = invocation.positionals[0] }

  func run(_ context: CommandContext) throws(IAPError) -> ExitCode {
    try FamilyAddCommand.check(member, invocation: Self.spec)
    let result = try context.workspace.removeFamilyMember(member, signed: context.globals.json)
    try TransactionArgument.print(result, context)
    return .success
  }
}

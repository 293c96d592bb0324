import IAPCore
import IAPKit

/// `iap family add MEMBER`: share the account's purchases with another account.
struct FamilyAddCommand: Command {
  static let spec = CommandSpec(
    ["family", "add"], abstract: "Add an account to the family the account's purchases are shared with.",
    discussion: """
      Every non-consumable and active auto-renewable subscription the account bought whose \
      product is familyShareable is shared with MEMBER at once, and so are later purchases: \
      MEMBER gets a transaction of its own (its own id, inAppOwnershipType FAMILY_SHARED) in \
      its history, entitlements and receipt. Prints MEMBER's new transactions.
      """,
    arguments: [ArgumentSpec("member", help: "The member's account name (as --account takes it).")])

  let member: String

  init(_ invocation: Invocation) throws(IAPError) { member = invocation.positionals[0] }

  func run(_ context: CommandContext) throws(IAPError) -> ExitCode {
    try FamilyAddCommand.check(member, invocation: Self.spec)
    let result = try context.workspace.addFamilyMember(member, signed: context.globals.json)
    try TransactionArgument.print(result, context)
    return .success
  }

  /// A member name is an account name: 1-128 printable characters.
  static func check(_ member: String, invocation spec: CommandSpec) throws(IAPError) {
    if !Workspace.isUsableName(member) { throw .usage("invalid member '\(member)': expected an account name of 1 to 128 printable characters", command: spec.path) }
  }
}

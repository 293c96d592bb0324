import IAPCore
import IAPKit
import IAPOperations
import IAPFormats

/// `iap family`: the account's Family Sharing group.
struct FamilyCommand: Command {
  static let spec = CommandSpec(
    ["family"], operation: AccountOperations.family,
    discussion: """
      The members of the account's family (iap family add), and the family the account is a \
      member of, if any. Members are other accounts (--account NAME).
      """)

  init(_ invocation: Invocation) throws(IAPError) {}

  func run(_ context: CommandContext) throws(IAPError) -> ExitCode {
    let listing = try context.workspace.family()
    if context.globals.json {
      context.console.json(FamilyJSON.document(listing, account: context.workspace.account))
      return .success
    }
    for member in listing.members { context.console.line("member  \(member)") }
    if let organizer = listing.organizer { context.console.line("shared by  \(organizer)") }
    if listing.members.isEmpty && listing.organizer == nil { context.console.line("no family") }
    return .success
  }
}

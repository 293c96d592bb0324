import IAPCore
import IAPKit
import IAPOperations

/// `iap consent rescind`: the account's parent or guardian withdraws consent for the app.
struct ConsentRescindCommand: Command {
  static let spec = CommandSpec(
    ["consent", "rescind"], operation: AppOperations.rescindConsent,
    discussion: """
      The account's parent or guardian withdraws consent for the app. The App Store sends \
      the RESCIND_CONSENT server notification, whose appData carries the app's Apple ID, \
      bundle id, environment and the account's signed app transaction \
      (signedAppTransactionInfo). What the account owns does not change.
      """)

  init(_ invocation: Invocation) throws(IAPError) {}

  func run(_ context: CommandContext) throws(IAPError) -> ExitCode {
    let result = try context.workspace.rescindConsent()
    if context.globals.json {
      context.console.json(ConsentJSON.document(result, account: context.workspace.account))
    } else {
      context.console.line(
        "consent rescinded for account '\(context.workspace.account)': RESCIND_CONSENT sent (app transaction \(result.appTransaction.appTransactionId))")
    }
    return .success
  }
}

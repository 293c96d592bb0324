import IAPCore
import IAPKit
import IAPOperations

/// `iap external-purchase token`: the customer continues to an external purchase, and the
/// app gets a token.
struct ExternalPurchaseTokenCommand: Command {
  static let spec = CommandSpec(
    ["external-purchase", "token"], operation: ExternalPurchaseOperations.token,
    discussion: """
      For an app configured for external purchase (iap settings set external-purchase on), \
      the customer continues to an external purchase: the system gives the app an external \
      purchase token, whose fields (externalPurchaseId, tokenCreationDate, appAppleId, \
      bundleId) are the notification's externalPurchaseToken. iap has no External Purchase \
      Server API to report it to, so 10 days after its creation the App Store sends the \
      EXTERNAL_PURCHASE_TOKEN UNREPORTED notification. Prints the token's id and the token \
      string the app receives (its JSON, Base64URL-encoded).
      """)

  init(_ invocation: Invocation) throws(IAPError) {}

  func run(_ context: CommandContext) throws(IAPError) -> ExitCode {
    let token = try context.workspace.createExternalPurchaseToken()
    if context.globals.json {
      context.console.json(ExternalPurchaseTokenJSON.document(token))
    } else {
      context.console.line("external purchase token \(token.externalPurchaseId): \(token.token)")
    }
    return .success
  }
}

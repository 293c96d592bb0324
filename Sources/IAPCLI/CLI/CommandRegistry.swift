import IAPCore
import IAPKit

/// The one list of commands: it drives dispatch, help and completions.
public enum CommandRegistry {
  /// Every runnable command, in the order help lists them.
  public static var commands: [any Command.Type] { entries.map(\.type) }

  /// Every runnable command with the words that run it (which its spec repeats: a test
  /// checks that they agree). Finding the command a command line names compares these
  /// words, so that it builds no spec but the one it finds: a spec holds the command's
  /// options and help text, and building them all (as a search through the specs did for
  /// `iap buy ID`, whose id was looked up as a subcommand) was a fifth of a purchase.
  /// (`nonisolated(unsafe)` only because metatypes of a protocol are not `Sendable` before
  /// Swift 6.2: it is a constant.)
  nonisolated(unsafe) static let entries: [(path: [String], type: any Command.Type)] = [
    (["products", "list"], ProductsListCommand.self),
    (["products", "fetch"], ProductsFetchCommand.self),
    (["buy"], BuyCommand.self),
    (["queue"], QueueCommand.self),
    (["finish"], FinishCommand.self),
    (["restore"], RestoreCommand.self),
    (["history"], HistoryCommand.self),
    (["entitlements"], EntitlementsCommand.self),
    (["download", "start"], DownloadStartCommand.self),
    (["download", "status"], DownloadStatusCommand.self),
    (["download", "pause"], DownloadPauseCommand.self),
    (["download", "resume"], DownloadResumeCommand.self),
    (["download", "cancel"], DownloadCancelCommand.self),
    (["subscription", "status"], SubscriptionStatusCommand.self),
    (["subscription", "cancel"], SubscriptionCancelCommand.self),
    (["subscription", "resume"], SubscriptionResumeCommand.self),
    (["subscription", "expire"], SubscriptionExpireCommand.self),
    (["subscription", "renew"], SubscriptionRenewCommand.self),
    (["subscription", "price-increase"], SubscriptionPriceIncreaseCommand.self),
    (["subscription", "price-increase-consent"], SubscriptionPriceConsentCommand.self),
    (["clock"], ClockCommand.self),
    (["clock", "advance"], ClockAdvanceCommand.self),
    (["clock", "set"], ClockSetCommand.self),
    (["clock", "real"], ClockRealCommand.self),
    (["receipt"], ReceiptCommand.self),
    (["receipt", "verify"], ReceiptVerifyCommand.self),
    (["receipt", "refresh"], ReceiptRefreshCommand.self),
    (["app-transaction"], AppTransactionCommand.self),
    (["notifications"], NotificationsCommand.self),
    (["jws", "decode"], JWSDecodeCommand.self),
    (["certificates", "root"], CertificatesRootCommand.self),
    (["keys", "create"], KeysCreateCommand.self),
    (["keys", "add"], KeysAddCommand.self),
    (["keys", "list"], KeysListCommand.self),
    (["keys", "remove"], KeysRemoveCommand.self),
    (["approve"], ApproveCommand.self),
    (["decline"], DeclineCommand.self),
    (["resolve"], ResolveCommand.self),
    (["refund"], RefundCommand.self),
    (["refund-request"], RefundRequestCommand.self),
    (["refund-decline"], RefundDeclineCommand.self),
    (["refund-reverse"], RefundReverseCommand.self),
    (["family"], FamilyCommand.self),
    (["family", "add"], FamilyAddCommand.self),
    (["family", "remove"], FamilyRemoveCommand.self),
    (["delete"], DeleteCommand.self),
    (["clear"], ClearCommand.self),
    (["reinstall"], ReinstallCommand.self),
    (["can-make-payments"], CanMakePaymentsCommand.self),
    (["settings"], SettingsCommand.self),
    (["settings", "set"], SettingsSetCommand.self),
    (["settings", "reset"], SettingsResetCommand.self),
    (["catalog", "convert"], CatalogConvertCommand.self),
    (["catalog", "lint"], CatalogLintCommand.self),
    (["completions"], CompletionsCommand.self),
    (["serve"], ServeCommand.self),
    (["reset"], ResetCommand.self),
    (["doctor"], DoctorCommand.self),
    (["help"], HelpCommand.self),
  ]

  /// Abstracts of the words that group commands without running anything themselves, by
  /// path (the empty path is the root).
  ///
  /// A list searched in order rather than a dictionary: a few entries, and a dictionary or a
  /// hashed array key makes the runtime look up a `Hashable` conformance among every
  /// conformance in the binary, a measurable part of a command's start-up.
  static let groups: [(path: [String], abstract: String)] = [
    ([], "Simulate the App Store and StoreKit's payment queue from the command line."),
    (["products"], "Browse the catalog as SKProductsRequest sees it."),
    (["subscription"], "Inspect and change auto-renewable subscriptions."),
    (["jws"], "Work with signed transactions and notifications."),
    (["certificates"], "The certificates the store signs with in Sandbox and Production."),
    (["keys"], "Manage the keys that sign promotional offers, as App Store Connect's Keys page."),
    (["catalog"], "Check and convert catalogs: catalog.plist and Xcode .storekit files."),
    (["download"], "Download purchased products' hosted content (SKDownload)."),
  ]

  /// The abstract of the group at `path`, if it is one.
  static func groupAbstract(_ path: [String]) -> String? { groups.first { $0.path == path }?.abstract }

  /// The command at exactly `path`.
  static func command(at path: [String]) -> (any Command.Type)? {
    entries.first { $0.path == path }?.type
  }

  /// Whether `path` names a group (including the root).
  static func isGroup(_ path: [String]) -> Bool { groupAbstract(path) != nil }

  /// The words that may follow `path`, with their abstracts, in registry order.
  static func children(of path: [String]) -> [(name: String, abstract: String)] {
    var seen: [String] = []
    var result: [(String, String)] = []
    for (p, command) in entries {
      guard p.count > path.count, Array(p.prefix(path.count)) == path else { continue }
      let word = p[path.count]
      if seen.contains(word) { continue }
      seen.append(word)
      let childPath = path + [word]
      result.append((word, groupAbstract(childPath) ?? command.spec.abstract))
    }
    return result
  }
}

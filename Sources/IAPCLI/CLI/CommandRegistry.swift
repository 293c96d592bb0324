import IAPCore
import IAPKit

/// The one list of commands: it drives dispatch, help and completions.
package enum CommandRegistry {
  /// Every runnable command, in the order help lists them.
  package static var commands: [any Command.Type] { entries.map(\.type) }

  /// Every runnable command with the words that run it (which its spec repeats: a test
  /// checks that they agree). Finding the command a command line names compares these
  /// words, so that it builds no spec but the one it finds: a spec holds the command's
  /// options and help text, and building them all (as a search through the specs did for
  /// `iap buy ID`, whose id was looked up as a subcommand) would be a real part of a purchase.
  /// (`nonisolated(unsafe)` only because metatypes of a protocol are not `Sendable` before
  /// Swift 6.2: it is a constant.)
  nonisolated(unsafe) static let entries: [Entry] = [
    Entry(["products", "list"], ProductsListCommand.self),
    Entry(["products", "fetch"], ProductsFetchCommand.self),
    Entry(["products", "remove-from-sale"], ProductsRemoveFromSaleCommand.self),
    Entry(["products", "restore-to-sale"], ProductsRestoreToSaleCommand.self),
    Entry(["buy"], BuyCommand.self),
    Entry(["queue"], QueueCommand.self),
    Entry(["finish"], FinishCommand.self),
    Entry(["restore"], RestoreCommand.self),
    Entry(["history"], HistoryCommand.self),
    Entry(["entitlements"], EntitlementsCommand.self),
    Entry(["status"], StatusCommand.self),
    Entry(["download", "start"], DownloadStartCommand.self),
    Entry(["download", "status"], DownloadStatusCommand.self),
    Entry(["download", "pause"], DownloadPauseCommand.self),
    Entry(["download", "resume"], DownloadResumeCommand.self),
    Entry(["download", "cancel"], DownloadCancelCommand.self),
    Entry(["subscription", "status"], SubscriptionStatusCommand.self),
    Entry(["subscription", "cancel"], SubscriptionCancelCommand.self),
    Entry(["subscription", "resume"], SubscriptionResumeCommand.self),
    Entry(["subscription", "expire"], SubscriptionExpireCommand.self),
    Entry(["subscription", "renew"], SubscriptionRenewCommand.self),
    Entry(["subscription", "price-increase"], SubscriptionPriceIncreaseCommand.self),
    Entry(["subscription", "price-increase-consent"], SubscriptionPriceConsentCommand.self),
    Entry(["subscription", "timeline"], SubscriptionTimelineCommand.self),
    Entry(["subscription", "manage"], SubscriptionManageCommand.self),
    Entry(["clock"], ClockCommand.self),
    Entry(["clock", "advance"], ClockAdvanceCommand.self),
    Entry(["clock", "set"], ClockSetCommand.self),
    Entry(["clock", "real"], ClockRealCommand.self),
    Entry(["receipt"], ReceiptCommand.self),
    Entry(["receipt", "verify"], ReceiptVerifyCommand.self),
    Entry(["receipt", "refresh"], ReceiptRefreshCommand.self),
    Entry(["app-transaction"], AppTransactionCommand.self),
    Entry(["notifications"], NotificationsCommand.self),
    Entry(["notifications", "trigger"], NotificationsTriggerCommand.self),
    Entry(["notifications", "check"], NotificationsCheckCommand.self),
    Entry(["messages"], MessagesCommand.self),
    Entry(["messages", "dismiss"], MessagesDismissCommand.self),
    Entry(["messages", "accept"], MessagesAcceptCommand.self),
    Entry(["messages", "send"], MessagesSendCommand.self),
    Entry(["jws", "decode"], JWSDecodeCommand.self),
    Entry(["certificates", "root"], CertificatesRootCommand.self),
    Entry(["keys", "create"], KeysCreateCommand.self),
    Entry(["keys", "add"], KeysAddCommand.self),
    Entry(["keys", "list"], KeysListCommand.self),
    Entry(["keys", "remove"], KeysRemoveCommand.self),
    Entry(["namespace", "create"], NamespaceCreateCommand.self),
    Entry(["approve"], ApproveCommand.self),
    Entry(["decline"], DeclineCommand.self),
    Entry(["resolve"], ResolveCommand.self),
    Entry(["refund"], RefundCommand.self),
    Entry(["refund-request"], RefundRequestCommand.self),
    Entry(["refund-decline"], RefundDeclineCommand.self),
    Entry(["refund-reverse"], RefundReverseCommand.self),
    Entry(["family"], FamilyCommand.self),
    Entry(["family", "add"], FamilyAddCommand.self),
    Entry(["family", "remove"], FamilyRemoveCommand.self),
    Entry(["consent", "rescind"], ConsentRescindCommand.self),
    Entry(["external-purchase", "token"], ExternalPurchaseTokenCommand.self),
    Entry(["delete"], DeleteCommand.self),
    Entry(["clear"], ClearCommand.self),
    Entry(["reinstall"], ReinstallCommand.self),
    Entry(["can-make-payments"], CanMakePaymentsCommand.self),
    Entry(["settings"], SettingsCommand.self),
    Entry(["settings", "set"], SettingsSetCommand.self),
    Entry(["settings", "reset"], SettingsResetCommand.self),
    Entry(["catalog", "convert"], CatalogConvertCommand.self),
    Entry(["catalog", "lint"], CatalogLintCommand.self),
    Entry(["completions"], CompletionsCommand.self),
    Entry(["serve"], ServeCommand.self),
    Entry(["reset"], ResetCommand.self),
    Entry(["doctor"], DoctorCommand.self),
    Entry(["help"], HelpCommand.self),
    Entry(["version"], VersionCommand.self),
  ]

  /// A command and the words that run it.
  ///
  /// A struct, not a tuple (as `Group`): a labelled tuple's type is made at run time on first
  /// use, which cost every command for these two tables (docs/performance.md, "Shapes kept for start-up").
  struct Entry {
    let path: [String]
    let type: any Command.Type
    init(_ path: [String], _ type: any Command.Type) {
      self.path = path
      self.type = type
    }
  }

  /// A word that groups commands, and what the group is for.
  struct Group {
    let path: [String]
    let abstract: String
    init(_ path: [String], _ abstract: String) {
      self.path = path
      self.abstract = abstract
    }
  }

  /// Abstracts of the words that group commands without running anything themselves, by
  /// path (the empty path is the root).
  ///
  /// A list searched in order rather than a dictionary: a few entries, and a dictionary or a
  /// hashed array key makes the runtime look up a `Hashable` conformance among every
  /// conformance in the binary, a measurable part of a command's start-up.
  static let groups: [Group] = [
    Group([], "Simulate the App Store and StoreKit's payment queue from the command line."),
    Group(["products"], "Browse the catalog as SKProductsRequest sees it."),
    Group(["subscription"], "Inspect and change auto-renewable subscriptions."),
    Group(["jws"], "Work with signed transactions and notifications."),
    Group(["certificates"], "The certificates the store signs with in Sandbox and Production."),
    Group(["keys"], "Manage the keys that sign promotional offers, as App Store Connect's Keys page."),
    Group(["namespace"], "Namespaces: stores of their own in one state, one a test."),
    Group(["catalog"], "Check and convert catalogs: catalog.plist and Xcode .storekit files."),
    Group(["download"], "Download purchased products' hosted content (SKDownload)."),
    Group(["consent"], "The customer's consent for the app (Declared Age Range)."),
    Group(["external-purchase"], "External purchases of an app configured for them (StoreKit's External Purchase API)."),
  ]

  /// The abstract of the group at `path`, if it is one.
  static func groupAbstract(_ path: [String]) -> String? { groups.first { $0.path == path }?.abstract }

  /// The command at exactly `path`.
  static func command(at path: [String]) -> (any Command.Type)? {
    entries.first { $0.path == path }?.type
  }

  /// Whether `path` names a group (including the root).
  ///
  /// From `groupWords`, not `groups`: every command line asks, and building the table of
  /// groups (an array of a type of its own) cost each command (docs/performance.md, "Shapes kept for start-up").
  static func isGroup(_ path: [String]) -> Bool { path.isEmpty || (path.count == 1 && groupWords.contains(path[0])) }

  /// The words of the groups below the root, as in `groups` (a test checks that they agree).
  static let groupWords = [
    "products", "subscription", "jws", "certificates", "keys", "namespace", "catalog", "download", "consent", "external-purchase",
  ]

  /// The words that may follow `path`, with their abstracts, in registry order.
  static func children(of path: [String]) -> [(name: String, abstract: String)] {
    var seen: [String] = []
    var result: [(String, String)] = []
    for entry in entries {
      let (p, command) = (entry.path, entry.type)
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

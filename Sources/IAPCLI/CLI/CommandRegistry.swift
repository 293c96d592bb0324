import IAPCore
import IAPKit

/// The one list of commands: it drives dispatch, help and completions.
public enum CommandRegistry {
  /// Every runnable command, in the order help lists them.
  public static var commands: [any Command.Type] {
    [
      ProductsListCommand.self, ProductsFetchCommand.self, BuyCommand.self, QueueCommand.self,
      FinishCommand.self, RestoreCommand.self, HistoryCommand.self, EntitlementsCommand.self,
      DownloadStartCommand.self, DownloadStatusCommand.self, DownloadPauseCommand.self, DownloadResumeCommand.self,
      DownloadCancelCommand.self,
      SubscriptionStatusCommand.self, SubscriptionCancelCommand.self, SubscriptionResumeCommand.self,
      SubscriptionExpireCommand.self, SubscriptionRenewCommand.self, SubscriptionPriceIncreaseCommand.self,
      SubscriptionPriceConsentCommand.self, ClockCommand.self, ClockAdvanceCommand.self,
      ClockSetCommand.self, ClockRealCommand.self, ReceiptCommand.self, ReceiptVerifyCommand.self,
      ReceiptRefreshCommand.self, AppTransactionCommand.self, NotificationsCommand.self, JWSDecodeCommand.self,
      CertificatesRootCommand.self, KeysCreateCommand.self, KeysAddCommand.self, KeysListCommand.self, KeysRemoveCommand.self,
      ApproveCommand.self,
      DeclineCommand.self, ResolveCommand.self, RefundCommand.self, RefundRequestCommand.self,
      RefundDeclineCommand.self, RefundReverseCommand.self, FamilyCommand.self, FamilyAddCommand.self,
      FamilyRemoveCommand.self, DeleteCommand.self, ClearCommand.self,
      ReinstallCommand.self, CanMakePaymentsCommand.self, SettingsCommand.self, SettingsSetCommand.self,
      SettingsResetCommand.self, CatalogConvertCommand.self, CatalogLintCommand.self, CompletionsCommand.self,
      ServeCommand.self, ResetCommand.self, DoctorCommand.self, HelpCommand.self,
    ]
  }

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
  ///
  /// A group's words are never a command's (a test checks it), so they are answered from
  /// `groups`: the search below builds the spec (options and help text) of every command it
  /// passes, and `iap products list` asks for `products` first, which passed them all (a
  /// third of a million instructions).
  static func command(at path: [String]) -> (any Command.Type)? {
    if isGroup(path) { return nil }
    return commands.first { $0.spec.path == path }
  }

  /// Whether `path` names a group (including the root).
  static func isGroup(_ path: [String]) -> Bool { groupAbstract(path) != nil }

  /// The words that may follow `path`, with their abstracts, in registry order.
  static func children(of path: [String]) -> [(name: String, abstract: String)] {
    var seen: [String] = []
    var result: [(String, String)] = []
    for command in commands {
      let p = command.spec.path
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

import IAPCore
import IAPKit

/// `iap settings set KEY VALUE`: change one setting, persistently.
struct SettingsSetCommand: Command {
  static let spec = CommandSpec(
    ["settings", "set"], abstract: "Change a setting.",
    discussion: """
      Keys: ask-to-buy, can-make-payments, interrupted-purchases (on/off); fail-load-products, \
      fail-purchase, fail-restore (an SKError name or number, or off); storefront (e.g. FRA); \
      locale (e.g. fr_FR).
      """,
    arguments: [
      ArgumentSpec("key", help: "The setting to change.", completion: .settingKeys), ArgumentSpec("value", help: "Its new value."),
    ])

  let key: String
  let value: String

  init(_ invocation: Invocation) throws(IAPError) {
    do {
      key = invocation.positionals[0]
      value = try StoreSettings.normalize(key: key, value: invocation.positionals[1])
    } catch {
      throw invocation.usageError(Self.message(error))
    }
  }

  /// The usage message for a bad key or value.
  static func message(_ error: SettingError) -> String {
    switch error {
    case let .unknownKey(key):
      let names = StoreSettings.specs.map(\.name)
      return "unknown setting '\(key)'\(Suggestion.hint(for: key, in: names))"
    case let .invalidValue(key, value, expected):
      return "invalid value for \(key): expected \(expected), got '\(value)'"
    }
  }

  func run(_ context: CommandContext) throws(IAPError) -> ExitCode {
    let session = try context.workspace.stateDirectory.open(forWriting: true)
    var overrides = try session.settingsOverrides()
    overrides[key] = value
    try session.saveSettings(overrides)
    SettingsCommand.print(try context.workspace.settings(session), context, keys: [key])
    return .success
  }
}

import IAPCore
import IAPKit

/// `iap settings reset [KEY...]`: back to the catalog's defaults.
struct SettingsResetCommand: Command {
  static let spec = CommandSpec(
    ["settings", "reset"], abstract: "Restore the catalog's default settings.",
    discussion: "Forgets what 'iap settings set' changed: every setting, or only the keys given.",
    arguments: [ArgumentSpec("key", help: "Settings to reset (default: all).", repeating: true, optional: true, completion: .settingKeys)])

  let keys: [String]

  init(_ invocation: Invocation) throws(IAPError) {
    keys = invocation.positionals
    for key in keys {
      do { _ = try StoreSettings.spec(key) } catch { throw invocation.usageError(error.message) }
    }
  }

  func run(_ context: CommandContext) throws(IAPError) -> ExitCode {
    let settings = try context.workspace.resetSettings(keys)
    SettingsCommand.print(settings, context, keys: keys.isEmpty ? nil : keys)
    return .success
  }
}

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
      do { _ = try StoreSettings.spec(key) } catch { throw invocation.usageError(SettingsSetCommand.message(error)) }
    }
  }

  func run(_ context: CommandContext) throws(IAPError) -> ExitCode {
    let session = try context.workspace.stateDirectory.open(forWriting: true)
    var overrides = try session.settingsOverrides()
    if keys.isEmpty { overrides = [:] } else { keys.forEach { overrides[$0] = nil } }
    try session.saveSettings(overrides)
    SettingsCommand.print(try context.workspace.settings(session), context, keys: keys.isEmpty ? nil : keys)
    return .success
  }
}

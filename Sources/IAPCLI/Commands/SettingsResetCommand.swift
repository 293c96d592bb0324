import IAPCore
import IAPKit
import IAPOperations

/// `iap settings reset [KEY...]`: back to the catalog's defaults.
struct SettingsResetCommand: Command {
  static let spec = CommandSpec(
    ["settings", "reset"], operation: SettingsOperations.reset,
    discussion: "Forgets what 'iap settings set' changed: every setting, or only the keys given.",
    arguments: [ArgumentSpec("key", SettingsOperations.keys, completion: .settingKeys)])

  let keys: [String]

  init(_ invocation: Invocation) throws(IAPError) { keys = try SettingsOperations.resetRequest(invocation) }

  func run(_ context: CommandContext) throws(IAPError) -> ExitCode {
    let settings = try context.workspace.resetSettings(keys)
    SettingsCommand.print(settings, context, keys: keys.isEmpty ? nil : keys)
    return .success
  }
}

import IAPCore
import IAPKit
import IAPOperations

/// `iap settings set KEY VALUE`: change one setting, persistently.
struct SettingsSetCommand: Command {
  static let spec = CommandSpec(
    ["settings", "set"], operation: SettingsOperations.set,
    discussion: keysDiscussion,
    arguments: [ArgumentSpec("key", SettingsOperations.key, completion: .settingKeys), ArgumentSpec("value", SettingsOperations.value)])

  /// Every key with the values it takes and what it does, from `StoreSettings.specs`: the
  /// help cannot fall behind the settings the store has.
  static var keysDiscussion: String {
    let keys = StoreSettings.specs.map { "\($0.name): \($0.kind.grammar). \($0.help)" }
    return (["The setting persists in the state folder until 'iap settings reset'. Keys:"] + keys).joined(separator: "\n")
  }

  let change: SettingChange

  init(_ invocation: Invocation) throws(IAPError) { change = try SettingsOperations.setRequest(invocation) }

  func run(_ context: CommandContext) throws(IAPError) -> ExitCode {
    let settings = try context.workspace.setSetting(change)
    SettingsCommand.print(settings, context, keys: [change.key])
    // Stored, but every use case will refuse until it is complete: say so now, with the fix.
    if let reason = settings.incompleteness {
      IAPError.settingsIncomplete(reason).userMessages.forEach { context.console.note("note: \($0)") }
    }
    return .success
  }
}

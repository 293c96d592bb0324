import IAPCore
import IAPKit
import IAPFormats
import IAPOperations

/// `iap settings`: the store's settings and where each value comes from.
struct SettingsCommand: Command {
  static let spec = CommandSpec(
    ["settings"], operation: SettingsOperations.show,
    discussion: """
      Each setting shows its value and where it comes from: the built-in default, the catalog's \
      settings, or 'iap settings set'. Settings persist in the state folder.
      """)

  init(_ invocation: Invocation) throws(IAPError) {}

  func run(_ context: CommandContext) throws(IAPError) -> ExitCode {
    Self.print(try context.workspace.showSettings(), context)
    return .success
  }

  /// Prints every setting (or only `keys`) as text or JSON.
  static func print(_ settings: StoreSettings, _ context: CommandContext, keys: [String]? = nil) {
    let names = keys ?? StoreSettings.specs.map(\.name)
    if context.globals.json {
      context.console.json(SettingsJSON.document(settings, keys: names))
    } else {
      var table = TextTable()
      for name in names {
        table.append([name, settings.values[name] ?? "", "(\(settings.sources[name]?.rawValue ?? "default"))"])
      }
      table.lines.forEach { context.console.line($0) }
    }
  }
}

import IAPCore
import IAPFormats
import IAPKit
import IAPOperations

/// `/settings`: what `iap settings` shows and sets (Ask to Buy, interrupted purchases, billing
/// retry, grace period, simulated errors, time rate, …).
enum SettingsRoutes {
  static let all = [
    ControlRoute(method: "GET", path: "/settings", summary: "Every setting, its value and where it comes from (iap settings).") {
      call throws(IAPError) in
      .json(SettingsJSON.document(try call.workspace.showSettings()))
    },
    ControlRoute(
      method: "PATCH", path: "/settings",
      summary: "Change settings (iap settings set): a JSON object of setting names to values (strings, numbers or booleans, as the CLI spells them); null puts one back to its default (iap settings reset).",
      body: StoreSettings.specs.map { ControlParameter($0.name, .string, $0.help) }
    ) { call throws(IAPError) in
      // Check every member before changing any, so a bad one changes nothing.
      var changes: [SettingChange] = []
      var resets: [String] = []
      for (key, value) in call.body.sorted(by: { $0.key < $1.key }) {
        let text: String
        switch value {
        case .null:
          resets.append(key)
          continue
        case let .string(s): text = s
        case let .bool(b): text = b ? "on" : "off"
        case let .int(i): text = String(i)
        case let .double(d): text = String(d)
        default: throw ControlCall.usage("setting '\(key)': expected a string, number, boolean or null")
        }
        changes.append(try SettingsOperations.change(key, to: text, call))
      }
      // One change: a body that sets Production and its app-apple-id passes in any order.
      let settings =
        changes.isEmpty && resets.isEmpty
        ? try call.workspace.showSettings() : try call.workspace.changeSettings(changes, resetting: resets)
      let keys = call.body.keys.sorted()
      return .json(SettingsJSON.document(settings, keys: keys.isEmpty ? nil : keys))
    },
  ]
}

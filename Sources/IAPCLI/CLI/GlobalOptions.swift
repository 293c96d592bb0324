import IAPCore
import IAPKit

/// Options every command accepts, before or after the subcommand's name.
package struct GlobalOptions: Sendable {
  package var catalog: String?
  package var state: String?
  package var namespace: String?
  package var json = false
  package var quiet = false
  package var account: String?
  package var device: String?

  /// The option specs, in help order.
  static let specs: [OptionSpec] = [
    OptionSpec("catalog", value: "path", help: "The product catalog (default: ./catalog.plist, or $IAP_CATALOG)."),
    OptionSpec("state", value: "dir", help: "Where the store keeps its state (default: ./.iap, or $IAP_STATE)."),
    OptionSpec("namespace", value: "name", help: "Use the state's namespace NAME, a store of its own (or $IAP_NAMESPACE)."),
    OptionSpec("account", value: "name", help: "The sandbox tester whose purchases to use (default: default, or $IAP_ACCOUNT)."),
    OptionSpec("device", value: "name", help: "The device the app runs on (default: default, or $IAP_DEVICE)."),
    OptionSpec("json", help: "Print one JSON document on stdout instead of text."),
    OptionSpec("quiet", short: "q", help: "Print no warnings or notes on stderr (errors still)."),
    OptionSpec("help", short: "h", help: "Show help information."),
  ]

  /// Rejects values no command could use: an empty `--state` would put the state files in
  /// the working directory itself, and an empty `--catalog` names no file.
  func validate(command path: [String]) throws(CLIError) {
    // Two tests, not a loop over an array of (name, value) pairs: that array's element type
    // has to be made at run time on every command (docs/performance.md, "Shapes kept for start-up").
    if catalog?.isEmpty == true { throw .usage("invalid value for '--catalog <path>': empty", command: path) }
    if state?.isEmpty == true { throw .usage("invalid value for '--state <dir>': empty", command: path) }
  }

  /// Stores a parsed global option; false when `name` is not a global option.
  mutating func set(_ name: String, _ value: String?) -> Bool {
    switch name {
    case "catalog": catalog = value
    case "state": state = value
    case "namespace": namespace = value
    case "json": json = true
    case "quiet": quiet = true
    case "account": account = value
    case "device": device = value
    default: return false
    }
    return true
  }
}

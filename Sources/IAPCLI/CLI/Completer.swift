import IAPCore
import IAPKit

/// What to offer when a shell asks to complete an `iap` command line: commands, options,
/// option values and product ids. The shell scripts only ask; this decides.
package enum Completer {
  /// Values options take, where they are a fixed set; `path` is the command, for options
  /// whose values depend on it.
  static func optionValues(_ name: String, path: [String] = []) -> [String]? {
    switch name {
    case "reason" where path == ["refund-request"]: return ConsumptionRequestReason.allCases.map(\.rawValue)
    case "reason": return RevocationReason.allCases.map(\.rawValue)
    case "endpoint": return ["production", "sandbox"]
    case "consent": return ["required", "notRequired"]
    case "fail": return SKErrorCode.allCases.map(\.name)
    default: return nil
    }
  }

  /// Candidates for the last of `words` (the words after `iap`, the last one being typed).
  /// An empty answer after an option that takes a path lets the shell complete file names.
  package static func candidates(for words: [String], productIds: () -> [String]) -> [String] {
    let current = words.last ?? ""
    var path: [String] = []
    var positionals = 0
    var pendingOption: OptionSpec?
    for word in words.dropLast() {
      if pendingOption != nil {
        // This word is that option's value.
        pendingOption = nil
        continue
      }
      if word.hasPrefix("-") {
        let name = String(word.drop { $0 == "-" }.prefix { $0 != "=" })
        if let option = options(at: path).first(where: { $0.name == name || (word.count == 2 && $0.short == word.last) }),
          option.valueName != nil, !word.contains("=")
        {
          pendingOption = option
        }
        continue
      }
      if positionals == 0, RegistryLookup.exists(path + [word]) {
        path.append(word)
      } else {
        positionals += 1
      }
    }
    if let option = pendingOption {
      return (optionValues(option.name, path: path) ?? []).filter { $0.hasPrefix(current) }
    }
    if current.hasPrefix("-") {
      return options(at: path).map { "--\($0.name)" }.filter { $0.hasPrefix(current) }
    }
    var offered: [String] = []
    if positionals == 0 { offered += CommandRegistry.children(of: path).map(\.name) }
    if let spec = CommandRegistry.command(at: path)?.spec, !spec.arguments.isEmpty {
      let argument = spec.arguments[min(positionals, spec.arguments.count - 1)]
      if positionals < spec.arguments.count || argument.repeating {
        switch argument.completion {
        case .productIds: offered += productIds()
        case .settingKeys: offered += StoreSettings.specs.map(\.name)
        case let .words(words): offered += words
        case .none: break
        }
      }
    }
    return offered.filter { $0.hasPrefix(current) }
  }

  /// The options at a point of the command tree: the command's own and the global ones.
  static func options(at path: [String]) -> [OptionSpec] {
    (CommandRegistry.command(at: path)?.spec.options ?? []) + GlobalOptions.specs
      + (path.isEmpty ? [OptionSpec("version", help: "")] : [])
  }
}

import IAPCore
import IAPKit

/// Builds `--help` text in the layout of swift-argument-parser tools: OVERVIEW, USAGE,
/// ARGUMENTS, OPTIONS, SUBCOMMANDS, from the same specs the parser uses.
package enum HelpFormatter {
  static let column = 26

  /// Help for the command or group at `path`.
  package static func help(for path: [String]) -> String {
    if let command = CommandRegistry.command(at: path) { return commandHelp(command.spec) }
    return groupHelp(path)
  }

  /// `iap buy <id> [--quantity <n>] …`
  package static func usage(for path: [String]) -> String {
    guard let spec = CommandRegistry.command(at: path)?.spec else {
      return (["iap"] + path).joined(separator: " ") + " <subcommand>"
    }
    var parts = [spec.commandName]
    parts += spec.arguments.map(\.label)
    parts += spec.options.map { option in
      let label = option.label + (option.repeating ? " ..." : "")
      return option.required ? label : "[\(label)]"
    }
    return parts.joined(separator: " ")
  }

  static func commandHelp(_ spec: CommandSpec) -> String {
    var text = "OVERVIEW: \(spec.abstract)\n"
    if let discussion = spec.discussion { text += "\n" + wrap(discussion, width: 80, indent: 0) }
    text += "\nUSAGE: \(usage(for: spec.path))\n"
    if !spec.arguments.isEmpty {
      text += "\nARGUMENTS:\n"
      for argument in spec.arguments { text += row("<\(argument.name)>", argument.help) }
    }
    text += "\nOPTIONS:\n"
    for option in spec.options + GlobalOptions.specs { text += row(option.label, option.help) }
    let children = CommandRegistry.children(of: spec.path)
    if !children.isEmpty {
      text += "\nSUBCOMMANDS:\n"
      for child in children { text += row(child.name, child.abstract) }
    }
    return text
  }

  static func groupHelp(_ path: [String]) -> String {
    var text = "OVERVIEW: \(CommandRegistry.groupAbstract(path) ?? "")\n"
    text += "\nUSAGE: \(usage(for: path))\n"
    text += "\nOPTIONS:\n"
    for option in GlobalOptions.specs { text += row(option.label, option.help) }
    if path.isEmpty { text += row("--version", "Show the version.") }
    text += "\nSUBCOMMANDS:\n"
    for child in CommandRegistry.children(of: path) { text += row(child.name, child.abstract) }
    text += "\n  See 'iap help <subcommand>' for detailed help.\n"
    if path.isEmpty { text += exitStatusSection }
    return text
  }

  /// The command reference (docs/commands.md): the help of `iap` and of every command, in
  /// registry order. A test (CommandReferenceTests) keeps docs/commands.md equal to it.
  package static func markdownReference() -> String {
    var paths: [[String]] = [[]]
    for command in CommandRegistry.commands {
      let path = command.spec.path
      for n in 1..<path.count where CommandRegistry.isGroup(Array(path.prefix(n))) && !paths.contains(Array(path.prefix(n))) {
        paths.append(Array(path.prefix(n)))
      }
      paths.append(path)
    }
    return paths.map { path in
      "### " + (["iap"] + path).joined(separator: " ") + "\n\n```\n" + help(for: path) + "```\n"
    }.joined(separator: "\n")
  }

  static let exitStatusSection = """

    EXIT STATUS:
      0    success
      1    the store said no (a failed transaction, an unknown product, nothing to finish)
      2    a purchase is pending (deferred: Ask to Buy)
      64   usage error
      65   invalid catalog or input data
      66   catalog or input file missing
      74   state unreadable or unwritable

    """

  /// One aligned two-column row, wrapping the label onto its own line when it is too long
  /// and the help text at 80 columns.
  static func row(_ label: String, _ help: String) -> String {
    let padded = "  " + label
    let body = wrap(help, width: 80, indent: column)
    if padded.count >= column { return padded + "\n" + body }
    return padded + body.dropFirst(padded.count)
  }

  /// Word-wraps `text` to `width` columns, every line indented by `indent` spaces.
  static func wrap(_ text: String, width: Int, indent: Int) -> String {
    let margin = String(repeating: " ", count: indent)
    var result = ""
    for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
      var line = margin
      for word in paragraph.split(separator: " ") {
        if line.count > indent && line.count + 1 + word.count > width {
          result += line + "\n"
          line = margin
        }
        line += (line.count > indent ? " " : "") + word
      }
      result += line + "\n"
    }
    return result
  }
}

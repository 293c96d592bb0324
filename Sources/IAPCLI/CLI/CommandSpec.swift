import IAPCore
import IAPKit

/// One option a command accepts.
public struct OptionSpec: Sendable {
  /// The long name, without dashes.
  public var name: String
  /// A one-letter alias, if any.
  public var short: Character?
  /// Shown as `<valueName>`; nil for a flag that takes no value.
  public var valueName: String?
  public var help: String
  /// The command refuses to run without it: usage lines show it without brackets.
  public var required: Bool

  public init(_ name: String, short: Character? = nil, value valueName: String? = nil, required: Bool = false, help: String) {
    self.name = name
    self.short = short
    self.valueName = valueName
    self.required = required
    self.help = help
  }

  /// `--quantity <n>` or `-h, --help`.
  var label: String {
    var text = short.map { "-\($0), " } ?? ""
    text += "--\(name)"
    if let valueName { text += " <\(valueName)>" }
    return text
  }
}

/// What a shell may offer for a positional argument.
public enum ArgumentCompletion: Sendable {
  case none
  /// The catalog's product identifiers.
  case productIds
  /// The store's setting names.
  case settingKeys
  /// A fixed set of words.
  case words([String])
}

/// One positional argument a command accepts.
public struct ArgumentSpec: Sendable {
  public var name: String
  public var help: String
  /// Takes any number of values (`<id> ...`).
  public var repeating: Bool
  /// May be left out.
  public var optional: Bool
  /// What completions offer for it.
  public var completion: ArgumentCompletion

  public init(
    _ name: String, help: String, repeating: Bool = false, optional: Bool = false, completion: ArgumentCompletion = .none
  ) {
    self.name = name
    self.help = help
    self.repeating = repeating
    self.optional = optional
    self.completion = completion
  }

  var label: String {
    let base = repeating ? "<\(name)> ..." : "<\(name)>"
    return optional ? "[\(base)]" : base
  }
}

/// Everything the parser, help and completions need to know about a command.
public struct CommandSpec: Sendable {
  /// Words after `iap`, e.g. `["products", "list"]`.
  public var path: [String]
  /// One line, shown in lists and as the help's OVERVIEW.
  public var abstract: String
  /// More paragraphs for `--help`.
  public var discussion: String?
  public var arguments: [ArgumentSpec]
  public var options: [OptionSpec]

  public init(
    _ path: [String], abstract: String, discussion: String? = nil, arguments: [ArgumentSpec] = [],
    options: [OptionSpec] = []
  ) {
    self.path = path
    self.abstract = abstract
    self.discussion = discussion
    self.arguments = arguments
    self.options = options
  }

  /// `iap products list`
  var commandName: String { (["iap"] + path).joined(separator: " ") }
}

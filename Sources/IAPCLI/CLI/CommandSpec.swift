import IAPCore
import IAPKit
import IAPOperations

/// One option a command accepts.
package struct OptionSpec: Sendable {
  /// The long name, without dashes.
  package var name: String
  /// A one-letter alias, if any.
  package var short: Character?
  /// Shown as `<valueName>`; nil for a flag that takes no value.
  package var valueName: String?
  package var help: String
  /// The command refuses to run without it: usage lines show it without brackets.
  package var required: Bool
  /// May be given more than once, each value kept (`Invocation.values(_:)`); otherwise the
  /// last one given wins.
  package var repeating: Bool

  package init(
    _ name: String, short: Character? = nil, value valueName: String? = nil, required: Bool = false, repeating: Bool = false,
    help: String
  ) {
    self.name = name
    self.short = short
    self.valueName = valueName
    self.required = required
    self.repeating = repeating
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
package enum ArgumentCompletion: Sendable {
  case none
  /// The catalog's product identifiers.
  case productIds
  /// The store's setting names.
  case settingKeys
  /// A fixed set of words.
  case words([String])
}

/// One positional argument a command accepts.
package struct ArgumentSpec: Sendable {
  package var name: String
  package var help: String
  /// Takes any number of values (`<id> ...`).
  package var repeating: Bool
  /// May be left out.
  package var optional: Bool
  /// What completions offer for it.
  package var completion: ArgumentCompletion
  /// The operation's parameter it gives (by its option name), if it is one: the CLI's own
  /// spelling of a parameter the control plane takes as a member.
  package var parameter: String?

  package init(
    _ name: String, help: String, repeating: Bool = false, optional: Bool = false, completion: ArgumentCompletion = .none
  ) {
    self.name = name
    self.help = help
    self.repeating = repeating
    self.optional = optional
    self.completion = completion
  }

  /// The positional argument `<name>` that gives an operation's parameter, with its help.
  package init<Value>(_ name: String, _ parameter: Parameter<Value>, completion: ArgumentCompletion = .none) {
    self.init(
      name, help: parameter.info.help, repeating: parameter.info.kind == .strings, optional: !parameter.info.required,
      completion: completion)
    self.parameter = parameter.info.name
  }

  var label: String {
    let base = repeating ? "<\(name)> ..." : "<\(name)>"
    return optional ? "[\(base)]" : base
  }
}

/// Everything the parser, help and completions need to know about a command.
package struct CommandSpec: Sendable {
  /// Words after `iap`, e.g. `["products", "list"]`.
  package var path: [String]
  /// One line, shown in lists and as the help's OVERVIEW.
  package var abstract: String
  /// More paragraphs for `--help`.
  package var discussion: String?
  package var arguments: [ArgumentSpec]
  package var options: [OptionSpec]

  package init(
    _ path: [String], abstract: String, discussion: String? = nil, arguments: [ArgumentSpec] = [],
    options: [OptionSpec] = []
  ) {
    self.path = path
    self.abstract = abstract
    self.discussion = discussion
    self.arguments = arguments
    self.options = options
  }

  /// The command of an operation: its summary as the abstract, and its parameters as options
  /// but those `arguments` give positionally. `shorts` are the CLI's one-letter aliases.
  package init(
    _ path: [String], operation: OperationSpec, discussion: String? = nil, arguments: [ArgumentSpec] = [],
    shorts: [String: Character] = [:]
  ) {
    self.init(
      path, abstract: operation.summary, discussion: discussion, arguments: arguments, parameters: operation.parameters, shorts: shorts)
  }

  /// A command whose `parameters` are its own, not a store operation's (how `serve` listens,
  /// which shell `completions` writes for), declared in the same form: the options are those
  /// parameters but the ones `arguments` give positionally.
  package init(
    _ path: [String], abstract: String, discussion: String? = nil, arguments: [ArgumentSpec] = [], parameters: [ParameterInfo],
    shorts: [String: Character] = [:]
  ) {
    let positional = Set(arguments.compactMap(\.parameter))
    let options = parameters.filter { $0.onCommandLine && !positional.contains($0.name) }.map { p in
      OptionSpec(
        p.name, short: shorts[p.name], value: p.kind == .boolean ? nil : p.valueName, required: p.required,
        repeating: p.kind == .strings, help: p.help)
    }
    self.init(path, abstract: abstract, discussion: discussion, arguments: arguments, options: options)
  }

  /// `iap products list`
  var commandName: String { (["iap"] + path).joined(separator: " ") }
}

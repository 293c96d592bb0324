import IAPFormats
import IAPKit

/// What one parameter of an operation is, whichever front end reads it: the CLI's option
/// (`--key-id <id>`) and the control plane's JSON member or query parameter (`keyId`) are the
/// same declaration, so their help, default and allowed values are written once.
package struct ParameterInfo: Sendable {
  /// The shape of a value, which both front ends' readers and the OpenAPI schema follow.
  package enum Kind: String, Sendable {
    /// Text; the CLI takes `--name <value>`.
    case string
    /// A whole number; the CLI takes its digits.
    case integer
    /// True or false; the CLI's flag, given or not.
    case boolean
    /// A list of text; the CLI's option given once per value.
    case strings
  }

  /// Which front ends offer the parameter: most are both's, a few only make sense in one
  /// (a UUID-typed account token for StoreKit 2's clients, a dated purchase for StoreKitTest).
  package enum Reach: Sendable {
    case everywhere
    case commandLineOnly
    case controlPlaneOnly
  }

  /// The CLI's long option, without dashes: `key-id`.
  package let name: String
  /// The JSON member and query parameter: `keyId`.
  package let jsonName: String
  package internal(set) var kind: Kind = .string
  /// The CLI shows the value as `<valueName>`; unused for a boolean.
  package let valueName: String
  /// One sentence, without the allowed values and the default (which `help` adds).
  package let summary: String
  /// The value an absent parameter stands for, as text, if it has one.
  package let defaultText: String?
  /// The only values accepted, when the parameter takes a fixed set.
  package let allowed: [String]
  /// The operation cannot run without it.
  package let required: Bool
  package let reach: Reach

  package init(
    _ name: String, json jsonName: String, value valueName: String = "value", default defaultText: String? = nil,
    allowed: [String] = [], required: Bool = false, reach: Reach = .everywhere, help summary: String
  ) {
    self.name = name
    self.jsonName = jsonName
    self.valueName = valueName
    self.summary = summary
    self.defaultText = defaultText
    self.allowed = allowed
    self.required = required
    self.reach = reach
  }

  /// The help sentence both front ends show: the summary, with the allowed values and the default.
  package var help: String {
    guard !allowed.isEmpty || defaultText != nil else { return summary }
    var text = summary.hasSuffix(".") ? String(summary.dropLast()) : summary
    if allowed.count > 1 { text += ": " + allowed.dropLast().joined(separator: ", ") + " or " + allowed[allowed.count - 1] }
    if let defaultText { text += " (default: \(defaultText))" }
    return text + "."
  }

  /// Whether the CLI offers it.
  package var onCommandLine: Bool { reach != .controlPlaneOnly }
  /// Whether the control plane takes it.
  package var onControlPlane: Bool { reach != .commandLineOnly }
}

/// A parameter with the type of its value: what an operation's request reads through
/// `OperationInput`, so that no front end looks a value up by a string of its own.
package struct Parameter<Value>: Sendable {
  package let info: ParameterInfo
  /// Turns what a front end received into the value, or throws the usage error
  /// `OperationInput.invalid` words.
  let decode: @Sendable (ParameterValue, any OperationInput, ParameterInfo) throws(IAPError) -> Value

  init(_ info: ParameterInfo, _ kind: ParameterInfo.Kind, decode: @escaping @Sendable (ParameterValue, any OperationInput, ParameterInfo) throws(IAPError) -> Value) {
    var info = info
    info.kind = kind
    self.info = info
    self.decode = decode
  }
}

/// What a front end received for one parameter, before it is typed.
package enum ParameterValue: Sendable {
  /// The CLI's option value or positional argument, or a query parameter.
  case text(String)
  /// A repeated option's values, or a variadic positional argument's.
  case texts([String])
  /// A flag the CLI was given.
  case present
  /// A member of a JSON body.
  case json(JSONValue)
}

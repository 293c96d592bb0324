import IAPOperations

/// A query parameter or body member of a route.
struct ControlParameter: Sendable {
  enum Kind: String, Sendable {
    case string, integer, boolean
    /// A list of strings.
    case strings
  }

  let name: String
  let kind: Kind
  let help: String
  var required = false
  /// The only values taken, when the parameter takes a fixed set (the schema's `enum`).
  var allowed: [String] = []
  /// What an absent value stands for (the schema's `default`).
  var defaultText: String?

  init(_ name: String, _ kind: Kind, _ help: String, required: Bool = false) {
    self.name = name
    self.kind = kind
    self.help = help
    self.required = required
  }

  /// An operation's parameter, by its JSON name.
  init(_ parameter: ParameterInfo) {
    let kind: Kind =
      switch parameter.kind {
      case .string: .string
      case .integer: .integer
      case .boolean: .boolean
      case .strings: .strings
      }
    self.init(parameter.jsonName, kind, parameter.help, required: parameter.required)
    allowed = parameter.allowed
    defaultText = parameter.defaultText
  }
}

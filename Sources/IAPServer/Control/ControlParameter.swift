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

  init(_ name: String, _ kind: Kind, _ help: String, required: Bool = false) {
    self.name = name
    self.kind = kind
    self.help = help
    self.required = required
  }
}

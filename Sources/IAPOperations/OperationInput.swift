import IAPFormats
import IAPKit

/// Where an operation reads its parameters: the CLI's parsed command line or a control
/// route's request. It supplies raw values and the front end's names for them; the typed
/// reading and its messages are the operation's, one wording for both.
package protocol OperationInput {
  /// What was given for the parameter, or nil when it was not.
  func raw(_ parameter: ParameterInfo) -> ParameterValue?
  /// The parameter as a message names it here: `'--quantity <n>'`, `body member 'quantity'`.
  func label(_ parameter: ParameterInfo) -> String
  /// The parameter as a rule's message names it among others: `--win-back`, `winBackOfferId`.
  func name(_ parameter: ParameterInfo) -> String
}

extension OperationInput {
  /// A usage error about this operation: a request the application rejects, which each front
  /// end reports in its own terms (the CLI adds the command's usage line).
  package func usage(_ message: String) -> IAPError { .invalidRequest(message) }

  /// The parameter's value, or nil when it was not given.
  package func value<Value>(_ parameter: Parameter<Value>) throws(IAPError) -> Value? {
    guard let raw = raw(parameter.info) else { return nil }
    if case .json(.null) = raw { return nil }
    return try parameter.decode(raw, self, parameter.info)
  }

  /// The parameter's value, or `fallback` (its declared default) when it was not given.
  package func value<Value>(_ parameter: Parameter<Value>, default fallback: Value) throws(IAPError) -> Value {
    try value(parameter) ?? fallback
  }

  /// The value of a parameter the operation cannot run without.
  package func required<Value>(_ parameter: Parameter<Value>) throws(IAPError) -> Value {
    guard let value = try value(parameter) else { throw usage("missing \(label(parameter.info))") }
    return value
  }

  /// The usage error for a value that is not what the parameter takes.
  package func invalid(_ parameter: ParameterInfo, expected: String, got text: String, hint: String = "") -> IAPError {
    usage("invalid value for \(label(parameter)): expected \(expected), got '\(text)'\(hint)")
  }

  /// A rule's refusal: `names` joined as the front end spells them (`--a, --b or --c`).
  package func names(_ parameters: [ParameterInfo], or word: String = "or") -> String {
    let spelled = parameters.map(name)
    guard spelled.count > 1 else { return spelled.first ?? "" }
    return spelled.dropLast().joined(separator: ", ") + " \(word) " + spelled[spelled.count - 1]
  }
}

import IAPCore
import IAPOperations

/// The command line as an operation reads it: options by their long names, and the
/// parameters the command takes positionally from its arguments.
extension Invocation: OperationInput {
  package func raw(_ parameter: ParameterInfo) -> ParameterValue? {
    if let index = spec.arguments.firstIndex(where: { $0.parameter == parameter.name }) {
      guard index < positionals.count else { return nil }
      return spec.arguments[index].repeating ? .texts(Array(positionals[index...])) : .text(positionals[index])
    }
    switch parameter.kind {
    case .boolean: return flag(parameter.name) ? .present : nil
    case .strings:
      let given = values(parameter.name)
      return given.isEmpty ? nil : .texts(given)
    case .string, .integer: return value(parameter.name).map(ParameterValue.text)
    }
  }

  package func label(_ parameter: ParameterInfo) -> String {
    if let argument = spec.arguments.first(where: { $0.parameter == parameter.name }) { return "'<\(argument.name)>'" }
    if let option = spec.options.first(where: { $0.name == parameter.name }) { return "'\(option.label)'" }
    return parameter.kind == .boolean ? "'--\(parameter.name)'" : "'--\(parameter.name) <\(parameter.valueName)>'"
  }

  package func name(_ parameter: ParameterInfo) -> String {
    if let argument = spec.arguments.first(where: { $0.parameter == parameter.name }) { return "<\(argument.name)>" }
    return "--\(parameter.name)"
  }
}

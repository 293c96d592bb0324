import IAPCore
import IAPHTTP
import IAPOperations

/// A request as an operation reads it: a path parameter, else a body member, else a query
/// parameter (a list's repeated), each by the parameter's JSON name.
extension ControlCall: OperationInput {
  func raw(_ parameter: ParameterInfo) -> ParameterValue? {
    if let value = parameters[parameter.jsonName] { return .text(value) }
    if let value = body[parameter.jsonName] { return .json(value) }
    if parameter.kind == .strings {
      let values = request.queryValues(parameter.jsonName)
      return values.isEmpty ? nil : .texts(values)
    }
    return request.query(parameter.jsonName).map(ParameterValue.text)
  }

  func label(_ parameter: ParameterInfo) -> String {
    if parameters[parameter.jsonName] != nil { return "path parameter '\(parameter.jsonName)'" }
    if body[parameter.jsonName] != nil { return "body member '\(parameter.jsonName)'" }
    return "query parameter '\(parameter.jsonName)'"
  }

  func name(_ parameter: ParameterInfo) -> String { parameter.jsonName }
}

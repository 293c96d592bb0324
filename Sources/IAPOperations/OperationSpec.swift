import IAPKit

/// One operation of the store as every front end offers it: its name, the sentence that says
/// what it does, and its parameters. The CLI's command spec, the control route's members, the
/// OpenAPI document, completions and both reference documents are made from it.
package struct OperationSpec: Sendable {
  /// The operation's name, as the CLI's words spell it: `buy`, `clock advance`.
  package let name: String
  /// One line: the CLI's abstract and the OpenAPI summary.
  package let summary: String
  package let parameters: [ParameterInfo]

  package init(_ name: String, summary: String, parameters: [ParameterInfo]) {
    self.name = name
    self.summary = summary
    self.parameters = parameters
  }
}

/// An operation: its declaration and how it reads its request from either front end. Each
/// also names the use case it calls (`perform`) and the JSON view of its result (`json`: what
/// `--json` prints and the control plane answers) where both front ends share them.
package protocol StoreOperation {
  associatedtype Request
  static var spec: OperationSpec { get }
  /// Reads and checks the parameters: usage errors only.
  static func request(_ input: some OperationInput) throws(IAPError) -> Request
}

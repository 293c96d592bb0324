import Testing

@testable import IAPCLI
@testable import IAPOperations
@testable import IAPServer

/// The operation table and the front ends made from it agree: each operation is offered by a
/// command of its name with its summary as the abstract, or by a route with its summary.
@Suite struct OperationTableTests {
  @Test func eachOperationIsOfferedByACommandOrARoute() {
    let names = OperationTable.all.map(\.name)
    #expect(Set(names).count == names.count, "an operation named twice")
    for operation in OperationTable.all {
      let command = CommandRegistry.command(at: operation.name.split(separator: " ").map(String.init))
      let byCommand = command?.spec.abstract == operation.summary
      let byRoute = ControlRoutes.all.contains { $0.summary == operation.summary }
      #expect(byCommand || byRoute, "\(operation.name) is offered by no command or route")
    }
  }

  /// A parameter's CLI and JSON names are each unique within its operation.
  @Test func parameterNamesAreUniqueWithinAnOperation() {
    for operation in OperationTable.all {
      let cli = operation.parameters.filter(\.onCommandLine).map(\.name)
      let json = operation.parameters.filter(\.onControlPlane).map(\.jsonName)
      #expect(Set(cli).count == cli.count && Set(json).count == json.count, "\(operation.name)")
    }
  }
}

import IAPCore
import IAPFormats
import IAPHTTP
import IAPKit
import IAPOperations

/// The store as a whole: where it stands, starting over, and the description of every route.
enum StateRoutes {
  static let all = [
    ControlRoute(method: "GET", path: "/status", operation: StoreViewOperations.status) { call throws(IAPError) in
      .json(StatusJSON.document(try call.workspace.status()))
    },
    ControlRoute(method: "DELETE", path: "", operation: StoreViewOperations.reset) { call throws(IAPError) in
      let workspace = call.workspace
      let result = workspace.namespace == nil ? try workspace.resetState() : try workspace.deleteNamespace()
      return .json(.object([("reset", .string(result.path))]))
    },
    ControlRoute(
      method: "GET", path: "/openapi.json", summary: "This API as an OpenAPI 3.1 document, made from the route table."
    ) { _ throws(IAPError) in
      .response(.json(OpenAPIDocument.make(ControlRoutes.all)))
    },
  ]
}

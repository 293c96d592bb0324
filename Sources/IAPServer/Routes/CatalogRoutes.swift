import IAPCore
import IAPFormats
import IAPKit

/// `/catalog`: a namespace's own catalog, for a test session that brings its `.storekit`
/// configuration (`SKTestSession(configurationFileNamed:)`), while sessions beside it sell
/// theirs from the same server.
enum CatalogRoutes {
  static let all = [
    ControlRoute(
      method: "PUT", path: "/catalog",
      summary: "Give this namespace a catalog of its own (a .storekit configuration or a catalog plist), checked whole first; it outlives a reset.",
      body: [
        ControlParameter("name", .string, "The file's name, like Products.storekit: what messages call it.", required: true),
        ControlParameter("contents", .string, "The file's text.", required: true),
      ]
    ) { call throws(IAPError) in
      let name = try call.string("name") ?? ""
      let contents = try call.string("contents") ?? ""
      let result = try call.workspace.useCatalog(named: name, contents: Array(contents.utf8))
      return .json(
        .object([
          ("products", .int(Int64(result.productCount))), ("warnings", .array(result.warnings.map(JSONValue.string))),
        ]))
    }
  ]
}

import IAPCore
import IAPHTTP
import IAPKit
import IAPOperations

/// A namespace made in one call: a test's store, ready for Apple's client and verifier.
enum NamespaceRoutes {
  static let all = [
    ControlRoute(method: "POST", path: "/namespaces", operation: NamespaceOperations.create) { call throws(IAPError) in
      let request = try NamespaceOperations.createRequest(call)
      let created = try call.namespaces.create(request)
      // The name the client reached the server by, which the Host check let through.
      let base = call.request.headers["Host"].map { "http://\($0)/ns/\(created.name)" }
      return .json(
        NamespaceJSON.document(created, baseURL: base, temporary: request.temporary, idleSeconds: request.idleSeconds), status: 201)
    }
  ]
}

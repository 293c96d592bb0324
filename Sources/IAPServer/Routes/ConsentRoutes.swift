import IAPCore
import IAPFormats
import IAPKit
import IAPOperations

/// The customer's consent for the app (Declared Age Range).
enum ConsentRoutes {
  static let all = [
    ControlRoute(method: "POST", path: "/consent/rescind", operation: AppOperations.rescindConsent) { call throws(IAPError) in
      .json(ConsentJSON.document(try call.workspace.rescindConsent(), account: call.workspace.account))
    }
  ]
}

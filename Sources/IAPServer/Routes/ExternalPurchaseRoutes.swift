import IAPCore
import IAPFormats
import IAPKit
import IAPOperations

/// StoreKit's External Purchase API: the tokens an app configured for external purchase gets.
enum ExternalPurchaseRoutes {
  static let all = [
    ControlRoute(method: "POST", path: "/external-purchase/token", operation: ExternalPurchaseOperations.token) { call throws(IAPError) in
      .json(ExternalPurchaseTokenJSON.document(try call.workspace.createExternalPurchaseToken()))
    }
  ]
}

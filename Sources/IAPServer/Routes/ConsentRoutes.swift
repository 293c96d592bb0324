import IAPCore
import IAPFormats
import IAPKit

/// The customer's consent for the app (Declared Age Range).
enum ConsentRoutes {
  static let all = [
    ControlRoute(
      method: "POST", path: "/consent/rescind",
      summary: "Withdraw consent for the app (iap consent rescind): the App Store sends RESCIND_CONSENT with the app transaction."
    ) { call throws(IAPError) in
      .json(ConsentJSON.document(try call.workspace.rescindConsent(), account: call.workspace.account))
    }
  ]
}

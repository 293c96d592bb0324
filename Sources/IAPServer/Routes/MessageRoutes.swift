import IAPCore
import IAPFormats
import IAPKit

/// StoreKit's Message API: what the App Store shows the customer at the app's launch.
enum MessageRoutes {
  static let all = [
    ControlRoute(
      method: "GET", path: "/messages",
      summary: "The StoreKit messages the App Store would show at launch (iap messages; Message.messages)."
    ) { call throws(IAPError) in
      .json(MessagesJSON.document(try call.workspace.messages()))
    },
    ControlRoute(
      method: "POST", path: "/messages/dismiss",
      summary: "Dismiss the messages shown (iap messages dismiss): not shown again while their cause lasts."
    ) { call throws(IAPError) in
      .json(MessagesJSON.document(try call.workspace.dismissMessages()))
    },
  ]
}

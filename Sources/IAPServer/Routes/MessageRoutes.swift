import IAPCore
import IAPFormats
import IAPKit
import IAPOperations

/// StoreKit's Message API: what the App Store shows the customer at the app's launch.
enum MessageRoutes {
  static let all = [
    ControlRoute(method: "GET", path: "/messages", operation: StoreViewOperations.messages) { call throws(IAPError) in
      .json(MessagesJSON.document(try call.workspace.messages(), retention: try call.workspace.retentionOffers()))
    },
    ControlRoute(method: "POST", path: "/messages/dismiss", operation: StoreViewOperations.dismissMessages) { call throws(IAPError) in
      .json(MessagesJSON.document(try call.workspace.dismissMessages()))
    },
    ControlRoute(
      method: "POST", path: "/messages/retention/{originalTransactionId}/accept", operation: RetentionOfferOperation.spec, answer: .transactions
    ) { call throws(IAPError) in
      .json(BuyOperation.json(try RetentionOfferOperation.perform(try RetentionOfferOperation.request(call), in: call.workspace, signed: true)))
    },
    ControlRoute(method: "POST", path: "/messages/send", operation: StoreViewOperations.sendMessage) { call throws(IAPError) in
      .json(MessagesJSON.document([try call.workspace.sendMessage()]))
    },
  ]
}

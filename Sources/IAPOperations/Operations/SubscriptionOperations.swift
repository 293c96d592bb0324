import IAPCore
import IAPFormats
import IAPKit

/// The account's auto-renewable subscriptions: where each stands, and the actions Xcode's
/// transaction manager offers on one.
package enum SubscriptionOperations {
  /// The subscription an action is on.
  package static let productId = Parameter<String>.string(
    ParameterInfo("product-id", json: "productId", value: "id", required: true, help: "A product id of the subscription (or its group)."))

  /// `subscription status`: every subscription, or the one a product names.
  package static let only = Parameter<String>.string(
    ParameterInfo("product-id", json: "productId", value: "id", help: "Only the subscription to this product (or its group)."))
  package static let status = OperationSpec(
    "subscription status", summary: "Show the account's subscriptions and where each stands.", parameters: [only.info])

  /// The status request, unsigned: the front end signs when it shows JSON.
  package static func statusRequest(_ input: some OperationInput) throws(IAPError) -> SubscriptionStatusRequest {
    SubscriptionStatusRequest(productId: try input.value(only))
  }

  /// `{"subscriptions": […]}`: what `--json` prints and the control plane answers.
  package static func json(_ subscriptions: [Subscription], signer: Signer? = nil) -> JSONValue {
    SubscriptionJSON.document(subscriptions, signer: signer)
  }

  /// `subscription timeline`: one subscription's story.
  package static let timeline = OperationSpec(
    "subscription timeline", summary: "Show a subscription's periods, offers, billing retry and changes.", parameters: [productId.info])

  /// `subscription manage`: the manage-subscriptions sheet, for every group or one.
  package static let group = Parameter<String>.string(
    ParameterInfo(
      "group", json: "subscriptionGroupID", value: "group",
      help: "Only this subscription group, or the group of this product, subscribed or not."))
  package static let manage = OperationSpec(
    "subscription manage", summary: "Show the manage-subscriptions sheet: each group's subscription and plans.", parameters: [group.info])

  /// The group the sheet is for, if one is named.
  package static func manageRequest(_ input: some OperationInput) throws(IAPError) -> String? { try input.value(group) }

  /// The subscription an operation on one names.
  package static func productIdRequest(_ input: some OperationInput) throws(IAPError) -> String { try input.required(productId) }

  package static let cancel = SubscriptionActionOperation(.cancel, "cancel", summary: "Turn auto-renew off.")
  package static let resume = SubscriptionActionOperation(.resume, "resume", summary: "Turn auto-renew back on.")
  package static let expire = SubscriptionActionOperation(.expire, "expire", summary: "Expire the subscription now.")
  package static let renew = SubscriptionActionOperation(.renew, "renew", summary: "Renew the subscription now.")
}

/// An action on one subscription, named by a product id of it: `iap subscription cancel ID`
/// and `POST /subscriptions/{productId}/cancel`.
package struct SubscriptionActionOperation: Sendable {
  package let action: SubscriptionAction
  /// The word after `subscription` on the command line, and at the end of the route's path.
  package let word: String
  package let spec: OperationSpec

  init(_ action: SubscriptionAction, _ word: String, summary: String) {
    self.action = action
    self.word = word
    spec = OperationSpec("subscription \(word)", summary: summary, parameters: [SubscriptionOperations.productId.info])
  }

  /// The subscription's product id, as given.
  package func request(_ input: some OperationInput) throws(IAPError) -> SubscriptionActionRequest {
    SubscriptionActionRequest(action, productId: try input.required(SubscriptionOperations.productId))
  }

  /// Calls the use case and answers the subscription as it now stands.
  package func perform(_ request: SubscriptionActionRequest, in workspace: Workspace) throws(IAPError) -> Subscription {
    try workspace.subscriptionAction(request).subscription
  }
}

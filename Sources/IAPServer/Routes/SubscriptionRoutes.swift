import IAPCore
import IAPFormats
import IAPKit
import IAPOperations

/// `/subscriptions`: status and the actions Xcode's transaction manager offers.
enum SubscriptionRoutes {
  static let all = [
    ControlRoute(method: "GET", path: "/subscriptions", operation: SubscriptionOperations.status) { call throws(IAPError) in
      var request = try SubscriptionOperations.statusRequest(call)
      request.signed = true
      let result = try call.workspace.subscriptionStatus(request)
      return .json(SubscriptionOperations.json(result.subscriptions, signer: result.signer))
    },
    ControlRoute(method: "GET", path: "/subscriptions/manage", operation: SubscriptionOperations.manage) { call throws(IAPError) in
      .json(ManageSubscriptionsJSON.document(try call.workspace.manageSubscriptions(try SubscriptionOperations.manageRequest(call))))
    },
    ControlRoute(
      method: "GET", path: "/subscriptions/{productId}/eligibility",
      summary: "Whether the account may redeem an introductory offer in the product's group (StoreKit's isEligibleForIntroOffer): it never subscribed in the group."
    ) { call throws(IAPError) in
      .json(.object([("isEligibleForIntroOffer", .bool(try call.workspace.isEligibleForIntroductoryOffer(call.path("productId"))))]))
    },
    ControlRoute(method: "GET", path: "/subscriptions/{productId}/timeline", operation: SubscriptionOperations.timeline) {
      call throws(IAPError) in
      .json(TimelineJSON.document(try call.workspace.subscriptionTimeline(try SubscriptionOperations.productIdRequest(call))))
    },
    action(SubscriptionOperations.cancel),
    action(SubscriptionOperations.resume),
    action(SubscriptionOperations.expire),
    action(SubscriptionOperations.renew),
    ControlRoute(method: "POST", path: "/subscriptions/{productId}/price-increase", operation: PriceIncreaseOperations.announce) {
      call throws(IAPError) in
      .json(SubscriptionOperations.json([try PriceIncreaseOperations.perform(try PriceIncreaseOperations.request(call), in: call.workspace)]))
    },
    consent(accept: true),
    consent(accept: false),
  ]

  /// `POST /subscriptions/{productId}/<word>`: an action on one subscription, answering it.
  static func action(_ operation: SubscriptionActionOperation) -> ControlRoute {
    ControlRoute(method: "POST", path: "/subscriptions/{productId}/\(operation.word)", operation: operation.spec) { call throws(IAPError) in
      .json(SubscriptionOperations.json([try operation.perform(try operation.request(call), in: call.workspace)]))
    }
  }

  /// `POST /subscriptions/{productId}/price-increase/accept` or `…/decline`: the path is the answer.
  static func consent(accept: Bool) -> ControlRoute {
    let operation = accept ? PriceIncreaseOperations.accept : PriceIncreaseOperations.decline
    return ControlRoute(
      method: "POST", path: "/subscriptions/{productId}/price-increase/\(accept ? "accept" : "decline")", operation: operation
    ) { call throws(IAPError) in
      let answer = try PriceIncreaseOperations.answerRequest(call, accepting: accept)
      return .json(SubscriptionOperations.json([try call.workspace.priceIncreaseConsent(answer.productId, accept: answer.accept).subscription]))
    }
  }
}

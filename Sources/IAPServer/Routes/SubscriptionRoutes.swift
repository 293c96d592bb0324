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
    ControlRoute(
      method: "POST", path: "/subscriptions/{productId}/price-increase",
      summary: "Announce a price increase (iap subscription price-increase).",
      body: [
        ControlParameter("price", .string, "The new price, a decimal number.", required: true),
        ControlParameter("consentRequired", .boolean, "Whether the subscriber must agree (default true)."),
      ]
    ) { call throws(IAPError) in
      let result = try call.workspace.priceIncrease(
        call.path("productId"), price: try call.string("price") ?? "", consentRequired: try call.bool("consentRequired") ?? true)
      return .json(SubscriptionJSON.document([result.subscription]))
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

  static func consent(accept: Bool) -> ControlRoute {
    let name = accept ? "accept" : "decline"
    return ControlRoute(
      method: "POST", path: "/subscriptions/{productId}/price-increase/\(name)",
      summary: "The subscriber \(accept ? "agrees to" : "declines") the price increase (iap subscription price-increase-consent)."
    ) { call throws(IAPError) in
      let result = try call.workspace.priceIncreaseConsent(call.path("productId"), accept: accept)
      return .json(SubscriptionJSON.document([result.subscription]))
    }
  }
}

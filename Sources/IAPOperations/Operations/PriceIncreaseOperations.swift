import IAPCore
import IAPKit

/// A subscription's price increase (`SKTestSession.requestPriceIncreaseConsentForTransactionIdentifier`)
/// and the subscriber's answer to it.
package enum PriceIncreaseOperations {
  /// What an announcement is given.
  package struct Request: Sendable {
    package var productId: String
    /// The new price, as a decimal number.
    package var price: String
    package var consentRequired: Bool
  }

  package static let price = Parameter<String>.parsed(
    ParameterInfo("price", json: "price", value: "price", required: true, help: "The new price, a decimal number above the current one (12.99)."),
    expected: "a decimal price like 12.99"
  ) { text in
    let parts = text.split(separator: ".", omittingEmptySubsequences: false)
    let decimal = (1...2).contains(parts.count) && parts.allSatisfy { !$0.isEmpty && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }
    return decimal && (parts.count == 1 || parts[1].count <= 3) && SignedPayloads.milliunits(text) != nil ? text : nil
  }
  /// Whether the subscriber must agree: the CLI's word for it.
  package static let consent = Parameter<Bool>.choice(
    ParameterInfo(
      "consent", json: "consent", value: "consent", default: "required", allowed: ["required", "notRequired"], reach: .commandLineOnly,
      help: "Whether the subscriber must agree.")
  ) { text in text == "required" ? true : text == "notRequired" ? false : nil }
  /// Whether the subscriber must agree: the control plane's boolean for it.
  package static let consentRequired = Parameter<Bool>.flag(
    ParameterInfo("consent-required", json: "consentRequired", default: "true", reach: .controlPlaneOnly, help: "Whether the subscriber must agree."))

  package static let announce = OperationSpec(
    "subscription price-increase", summary: "Raise the price of the account's subscription.",
    parameters: [SubscriptionOperations.productId.info, price.info, consent.info, consentRequired.info])

  package static func request(_ input: some OperationInput) throws(IAPError) -> Request {
    var required = try input.value(consentRequired, default: true)
    if let word = try input.value(consent) { required = word }
    return Request(productId: try input.required(SubscriptionOperations.productId), price: try input.required(price), consentRequired: required)
  }

  package static func perform(_ request: Request, in workspace: Workspace) throws(IAPError) -> Subscription {
    try workspace.priceIncrease(request.productId, price: request.price, consentRequired: request.consentRequired).subscription
  }

  /// The subscriber's answer: the CLI's word, the control plane's path.
  package static let answer = Parameter<Bool>.choice(
    ParameterInfo("answer", json: "answer", value: "answer", allowed: ["accept", "decline"], required: true, reach: .commandLineOnly, help: "The answer.")
  ) { text in text == "accept" ? true : text == "decline" ? false : nil }
  package static let consentAnswer = OperationSpec(
    "subscription price-increase-consent", summary: "Accept or decline a subscription's price increase.",
    parameters: [SubscriptionOperations.productId.info, answer.info])
  package static let accept = OperationSpec(
    "subscription price-increase-consent accept", summary: "The subscriber agrees to the price increase.",
    parameters: [SubscriptionOperations.productId.info])
  package static let decline = OperationSpec(
    "subscription price-increase-consent decline", summary: "The subscriber declines the price increase.",
    parameters: [SubscriptionOperations.productId.info])

  /// The answer to the price increase of the subscription named; `accepting` when the front end
  /// says it otherwise (the control plane's path).
  package static func answerRequest(_ input: some OperationInput, accepting: Bool? = nil) throws(IAPError) -> (productId: String, accept: Bool) {
    let productId = try input.required(SubscriptionOperations.productId)
    if let accepting { return (productId, accepting) }
    return (productId, try input.required(answer))
  }
}

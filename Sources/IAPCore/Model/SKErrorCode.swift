/// `SKError.Code` (domain `SKErrorDomain`) with StoreKit's numbers and names.
package enum SKErrorCode: Int, NamedCases, Sendable {
  case unknown = 0
  case clientInvalid = 1
  case paymentCancelled = 2
  case paymentInvalid = 3
  case paymentNotAllowed = 4
  case storeProductNotAvailable = 5
  case cloudServicePermissionDenied = 6
  case cloudServiceNetworkConnectionFailed = 7
  case cloudServiceRevoked = 8
  case privacyAcknowledgementRequired = 9
  case unauthorizedRequestData = 10
  case invalidOfferIdentifier = 11
  case invalidSignature = 12
  case missingOfferParams = 13
  case invalidOfferPrice = 14
  case overlayCancelled = 15
  case overlayInvalidConfiguration = 16
  case overlayTimeout = 17
  case ineligibleForOffer = 18
  case unsupportedPlatform = 19
  case overlayPresentedInBackgroundScene = 20

  /// The case name as Swift spells it.
  package var name: String {
    switch self {
    case .unknown: return "unknown"
    case .clientInvalid: return "clientInvalid"
    case .paymentCancelled: return "paymentCancelled"
    case .paymentInvalid: return "paymentInvalid"
    case .paymentNotAllowed: return "paymentNotAllowed"
    case .storeProductNotAvailable: return "storeProductNotAvailable"
    case .cloudServicePermissionDenied: return "cloudServicePermissionDenied"
    case .cloudServiceNetworkConnectionFailed: return "cloudServiceNetworkConnectionFailed"
    case .cloudServiceRevoked: return "cloudServiceRevoked"
    case .privacyAcknowledgementRequired: return "privacyAcknowledgementRequired"
    case .unauthorizedRequestData: return "unauthorizedRequestData"
    case .invalidOfferIdentifier: return "invalidOfferIdentifier"
    case .invalidSignature: return "invalidSignature"
    case .missingOfferParams: return "missingOfferParams"
    case .invalidOfferPrice: return "invalidOfferPrice"
    case .overlayCancelled: return "overlayCancelled"
    case .overlayInvalidConfiguration: return "overlayInvalidConfiguration"
    case .overlayTimeout: return "overlayTimeout"
    case .ineligibleForOffer: return "ineligibleForOffer"
    case .unsupportedPlatform: return "unsupportedPlatform"
    case .overlayPresentedInBackgroundScene: return "overlayPresentedInBackgroundScene"
    }
  }

  /// A general description of the code, used when nothing more specific is known.
  package var defaultMessage: String {
    switch self {
    case .unknown: return "An unknown error occurred."
    case .clientInvalid: return "The client is not allowed to make this request."
    case .paymentCancelled: return "The user cancelled the payment request."
    case .paymentInvalid: return "The payment request was invalid."
    case .paymentNotAllowed: return "This device is not allowed to make payments."
    case .storeProductNotAvailable: return "The product is not available in the current storefront."
    case .cloudServicePermissionDenied: return "Access to cloud service information was not allowed."
    case .cloudServiceNetworkConnectionFailed: return "The device could not connect to the network."
    case .cloudServiceRevoked: return "Permission to use the cloud service was revoked."
    case .privacyAcknowledgementRequired: return "The user has not yet acknowledged Apple's privacy policy."
    case .unauthorizedRequestData: return "The app is not entitled to request data on the payment."
    case .invalidOfferIdentifier: return "The subscription offer identifier is not valid."
    case .invalidSignature: return "The signature of the payment discount is not valid."
    case .missingOfferParams: return "Parameters are missing from the payment discount."
    case .invalidOfferPrice: return "The price of the subscription offer is not valid."
    case .overlayCancelled: return "The user cancelled the overlay."
    case .overlayInvalidConfiguration: return "The overlay configuration is not valid."
    case .overlayTimeout: return "The overlay timed out."
    case .ineligibleForOffer: return "The user is not eligible for the subscription offer."
    case .unsupportedPlatform: return "The platform does not support this request."
    case .overlayPresentedInBackgroundScene: return "The overlay was presented in a background scene."
    }
  }
}

/// The `error` a failed transaction carries: an `SKError` code and what went wrong.
package struct StoreError: Equatable, Sendable {
  package var code: SKErrorCode
  package var message: String

  package init(_ code: SKErrorCode, _ message: String? = nil) {
    self.code = code
    self.message = message ?? code.defaultMessage
  }
}

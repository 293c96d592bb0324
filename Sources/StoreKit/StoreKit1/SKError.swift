import Foundation

/// The error domain of StoreKit's errors (`SKError.errorDomain`).
public let SKErrorDomain = "SKErrorDomain"

/// StoreKit 1's error: a code of `SKErrorDomain` and the store's message, as a failed
/// transaction's `error`, a failed request's and a failed restore's error carry it
/// (`transaction.error as? SKError`, then `.code`).
public struct SKError: CustomNSError, Hashable, Sendable {
  /// Why the request or payment failed.
  public enum Code: Int, Sendable {
    /// Something failed that no other code describes.
    case unknown = 0
    /// This client may not make the request.
    case clientInvalid = 1
    /// The customer cancelled the payment (or Ask to Buy declined it).
    case paymentCancelled = 2
    /// A parameter of the payment is not one the store accepts (a quantity out of range).
    case paymentInvalid = 3
    /// The customer may not pay on this device.
    case paymentNotAllowed = 4
    /// The product is not sold in this storefront.
    case storeProductNotAvailable = 5
    /// The app may not reach the customer's cloud service.
    case cloudServicePermissionDenied = 6
    /// The network could not be reached.
    case cloudServiceNetworkConnectionFailed = 7
    /// The customer withdrew the app's access to the cloud service.
    case cloudServiceRevoked = 8
    /// The customer has not yet acknowledged Apple's privacy policy.
    case privacyAcknowledgementRequired = 9
    /// The payment uses `requestData` without the entitlement for it.
    case unauthorizedRequestData = 10
    /// The promotional offer's identifier is not one of the product's.
    case invalidOfferIdentifier = 11
    /// The promotional offer's signature does not verify.
    case invalidSignature = 12
    /// The promotional offer lacks a parameter.
    case missingOfferParams = 13
    /// The promotional offer's price is not valid.
    case invalidOfferPrice = 14
    /// The customer dismissed an App Store overlay.
    case overlayCancelled = 15
    /// An App Store overlay's configuration is not valid.
    case overlayInvalidConfiguration = 16
    /// An App Store overlay timed out.
    case overlayTimeout = 17
    /// The customer may not redeem the offer.
    case ineligibleForOffer = 18
    /// The platform does not support the request.
    case unsupportedPlatform = 19
    /// An App Store overlay was shown in a scene in the background.
    case overlayPresentedInBackgroundScene = 20
  }

  /// The code.
  public let code: Code
  /// The message, under `NSLocalizedDescriptionKey`, and what else the error was made with.
  private let info: UserInfo

  /// An error of `code`; `userInfo`'s `NSLocalizedDescriptionKey` is its `localizedDescription`.
  public init(_ code: Code, userInfo: [String: Any] = [:]) {
    self.code = code
    info = UserInfo(userInfo)
  }

  /// The error an `NSError` of `SKErrorDomain` stands for; another domain's is `unknown`,
  /// keeping its user info.
  public init(_nsError: NSError) {
    self.init(_nsError.domain == SKErrorDomain ? Code(rawValue: _nsError.code) ?? .unknown : .unknown, userInfo: _nsError.userInfo)
  }

  /// `SKErrorDomain`.
  public static var errorDomain: String { SKErrorDomain }
  /// The code's number.
  public var errorCode: Int { code.rawValue }
  /// The user info, as an `NSError` made of this error has it.
  public var errorUserInfo: [String: Any] { info.values }
  /// The user info the error was made with.
  public var userInfo: [String: Any] { info.values }

  /// Two errors are the same when their codes and messages are.
  public static func == (lhs: SKError, rhs: SKError) -> Bool { lhs.code == rhs.code && lhs.info.message == rhs.info.message }

  /// Hashes the code and the message, what equality compares.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(code)
    hasher.combine(info.message)
  }

  /// The user info: Foundation's values are not `Sendable`, and an error is only read once made.
  private struct UserInfo: @unchecked Sendable {
    let values: [String: Any]
    var message: String? { values[NSLocalizedDescriptionKey] as? String }
    init(_ values: [String: Any]) { self.values = values }
  }
}

/// Each code as a member of `SKError`, as Apple's error structs spell them: a pattern for
/// `catch SKError.paymentCancelled`, and a value for `SKError(SKError.unknown)`.
extension SKError {
  /// `Code.unknown`.
  public static var unknown: Code { .unknown }
  /// `Code.clientInvalid`.
  public static var clientInvalid: Code { .clientInvalid }
  /// `Code.paymentCancelled`.
  public static var paymentCancelled: Code { .paymentCancelled }
  /// `Code.paymentInvalid`.
  public static var paymentInvalid: Code { .paymentInvalid }
  /// `Code.paymentNotAllowed`.
  public static var paymentNotAllowed: Code { .paymentNotAllowed }
  /// `Code.storeProductNotAvailable`.
  public static var storeProductNotAvailable: Code { .storeProductNotAvailable }
  /// `Code.cloudServicePermissionDenied`.
  public static var cloudServicePermissionDenied: Code { .cloudServicePermissionDenied }
  /// `Code.cloudServiceNetworkConnectionFailed`.
  public static var cloudServiceNetworkConnectionFailed: Code { .cloudServiceNetworkConnectionFailed }
  /// `Code.cloudServiceRevoked`.
  public static var cloudServiceRevoked: Code { .cloudServiceRevoked }
  /// `Code.privacyAcknowledgementRequired`.
  public static var privacyAcknowledgementRequired: Code { .privacyAcknowledgementRequired }
  /// `Code.unauthorizedRequestData`.
  public static var unauthorizedRequestData: Code { .unauthorizedRequestData }
  /// `Code.invalidOfferIdentifier`.
  public static var invalidOfferIdentifier: Code { .invalidOfferIdentifier }
  /// `Code.invalidSignature`.
  public static var invalidSignature: Code { .invalidSignature }
  /// `Code.missingOfferParams`.
  public static var missingOfferParams: Code { .missingOfferParams }
  /// `Code.invalidOfferPrice`.
  public static var invalidOfferPrice: Code { .invalidOfferPrice }
  /// `Code.overlayCancelled`.
  public static var overlayCancelled: Code { .overlayCancelled }
  /// `Code.overlayInvalidConfiguration`.
  public static var overlayInvalidConfiguration: Code { .overlayInvalidConfiguration }
  /// `Code.overlayTimeout`.
  public static var overlayTimeout: Code { .overlayTimeout }
  /// `Code.ineligibleForOffer`.
  public static var ineligibleForOffer: Code { .ineligibleForOffer }
  /// `Code.unsupportedPlatform`.
  public static var unsupportedPlatform: Code { .unsupportedPlatform }
  /// `Code.overlayPresentedInBackgroundScene`.
  public static var overlayPresentedInBackgroundScene: Code { .overlayPresentedInBackgroundScene }
}

extension SKError.Code {
  /// Whether `error` is an `SKError` of this code: `catch SKError.paymentCancelled`.
  public static func ~= (match: SKError.Code, error: any Error) -> Bool { (error as? SKError)?.code == match }
}

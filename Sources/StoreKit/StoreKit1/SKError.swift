import Foundation

/// The error domain of StoreKit's errors (`SKError.errorDomain`).
public let SKErrorDomain = "SKErrorDomain"

/// StoreKit 1's error: a code of `SKErrorDomain` and the store's message, as a failed
/// transaction's `error`, a failed request's and a failed restore's error carry it
/// (`transaction.error as? SKError`, then `.code`).
public struct SKError: CustomNSError, Hashable, Sendable {
  /// Why the request or payment failed.
  public enum Code: Int, Sendable {
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

  public static var errorDomain: String { SKErrorDomain }
  public var errorCode: Int { code.rawValue }
  public var errorUserInfo: [String: Any] { info.values }
  /// The user info the error was made with.
  public var userInfo: [String: Any] { info.values }

  /// Two errors are the same when their codes and messages are.
  public static func == (lhs: SKError, rhs: SKError) -> Bool { lhs.code == rhs.code && lhs.info.message == rhs.info.message }

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

extension SKError {
  public static var unknown: Code { .unknown }
  public static var clientInvalid: Code { .clientInvalid }
  public static var paymentCancelled: Code { .paymentCancelled }
  public static var paymentInvalid: Code { .paymentInvalid }
  public static var paymentNotAllowed: Code { .paymentNotAllowed }
  public static var storeProductNotAvailable: Code { .storeProductNotAvailable }
  public static var cloudServicePermissionDenied: Code { .cloudServicePermissionDenied }
  public static var cloudServiceNetworkConnectionFailed: Code { .cloudServiceNetworkConnectionFailed }
  public static var cloudServiceRevoked: Code { .cloudServiceRevoked }
  public static var privacyAcknowledgementRequired: Code { .privacyAcknowledgementRequired }
  public static var unauthorizedRequestData: Code { .unauthorizedRequestData }
  public static var invalidOfferIdentifier: Code { .invalidOfferIdentifier }
  public static var invalidSignature: Code { .invalidSignature }
  public static var missingOfferParams: Code { .missingOfferParams }
  public static var invalidOfferPrice: Code { .invalidOfferPrice }
  public static var overlayCancelled: Code { .overlayCancelled }
  public static var overlayInvalidConfiguration: Code { .overlayInvalidConfiguration }
  public static var overlayTimeout: Code { .overlayTimeout }
  public static var ineligibleForOffer: Code { .ineligibleForOffer }
  public static var unsupportedPlatform: Code { .unsupportedPlatform }
  public static var overlayPresentedInBackgroundScene: Code { .overlayPresentedInBackgroundScene }
}

extension SKError.Code {
  /// Whether `error` is an `SKError` of this code: `catch SKError.paymentCancelled`.
  public static func ~= (match: SKError.Code, error: any Error) -> Bool { (error as? SKError)?.code == match }
}

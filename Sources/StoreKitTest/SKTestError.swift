import Foundation

/// The domain of the errors the test environment throws, `SKTestError`'s.
public let SKTestErrorDomain: String = "SKTestErrorDomain"

/// Apple's `SKTestError`: what `SKTestSession`'s initializers and throwing methods throw.
///
/// Each carries a message that names the cause in iap's terms (the store's own refusal, the
/// folders searched for a configuration file), as its `localizedDescription`. Two errors are
/// equal when their codes are, so a test compares with `SKTestError(.fileNotFound)`.
public struct SKTestError: Error, Hashable, Sendable, CustomNSError {
  /// Apple's error codes of the test environment, with its numbers.
  public enum Code: Int, Hashable, Sendable {
    /// The store could not be reached, or could not make the session's store.
    case serviceUnavailable = 0
    /// No product with this identifier.
    case invalidProductIdentifier = 1
    /// The product is not of the type the method needs.
    case invalidProductType = 2
    /// The URL names no configuration file the store can use: not a file URL, not a
    /// `.storekit` file, or one whose contents the store refuses.
    case invalidURL = 3
    /// The configuration file is not where the initializer looked.
    case fileNotFound = 4
    /// The account has no subscription to the product.
    case noSubscriptionFound = 5
    /// No transaction with this identifier.
    case noTransactionFound = 6
    /// The transaction or subscription is not in a state the action applies to.
    case invalidAction = 7

    /// `catch SKTestError.fileNotFound`: whether `error` is an `SKTestError` with this code.
    public static func ~= (match: Code, error: any Error) -> Bool {
      (error as? SKTestError)?.code == match
    }
  }

  /// What went wrong, in Apple's terms.
  public let code: Code
  /// What went wrong, in iap's words.
  let message: String

  /// An error with `code`; `userInfo`'s `NSLocalizedDescriptionKey`, when it is a string, is
  /// its description (nothing else of it is kept: the error stays `Sendable`).
  public init(_ code: Code, userInfo: [String: Any] = [:]) {
    self.init(code, message: userInfo[NSLocalizedDescriptionKey] as? String ?? "SKTestErrorDomain error \(code.rawValue)")
  }

  init(_ code: Code, message: String) {
    self.code = code
    self.message = message
  }

  /// `SKTestErrorDomain`.
  public static var errorDomain: String { SKTestErrorDomain }

  /// The code's number.
  public var errorCode: Int { code.rawValue }

  /// The message, as `NSLocalizedDescriptionKey`.
  public var errorUserInfo: [String: Any] { [NSLocalizedDescriptionKey: message] }

  public static func == (lhs: SKTestError, rhs: SKTestError) -> Bool { lhs.code == rhs.code }

  public func hash(into hasher: inout Hasher) { hasher.combine(code) }

  /// The store could not be reached.
  public static var serviceUnavailable: Code { .serviceUnavailable }
  /// No product with this identifier.
  public static var invalidProductIdentifier: Code { .invalidProductIdentifier }
  /// The product is not of the type the method needs.
  public static var invalidProductType: Code { .invalidProductType }
  /// The URL names no usable configuration file.
  public static var invalidURL: Code { .invalidURL }
  /// The configuration file was not found.
  public static var fileNotFound: Code { .fileNotFound }
  /// No subscription to the product.
  public static var noSubscriptionFound: Code { .noSubscriptionFound }
  /// No transaction with this identifier.
  public static var noTransactionFound: Code { .noTransactionFound }
  /// The action does not apply.
  public static var invalidAction: Code { .invalidAction }
}

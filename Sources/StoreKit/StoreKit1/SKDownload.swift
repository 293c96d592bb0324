import Foundation

/// The download of a transaction's content hosted by the store.
///
/// The store serves hosted content to the `iap download` commands, not over the routes
/// StoreKit reaches it by: its products are not downloadable to StoreKit here
/// (`SKProduct.isDownloadable`), its transactions carry no downloads, and the queue never
/// makes one of these. The type is here for code that names it; a subclass can stand in
/// for a download in a test.
open class SKDownload: NSObject, @unchecked Sendable {
  private let owner = SKPaymentTransaction()

  /// A download of no content, of an empty purchasing transaction: the values a subclass
  /// replaces with its own.
  public override init() {
    super.init()
  }

  /// Where the download stands.
  open var state: SKDownloadState { .waiting }
  /// Where the download stands (the old name of `state`).
  open var downloadState: SKDownloadState { state }
  /// The content's identifier.
  open var contentIdentifier: String { "" }
  /// The content's size, in bytes.
  open var expectedContentLength: Int64 { 0 }
  /// The content's size, in bytes (the old name of `expectedContentLength`).
  open var contentLength: Int64 { expectedContentLength }
  /// Where the content is, once finished.
  open var contentURL: URL? { nil }
  /// The content's version.
  open var contentVersion: String { "" }
  /// Why a failed download failed.
  open var error: (any Error)? { nil }
  /// How much is copied, from 0 to 1.
  open var progress: Float { 0 }
  /// Seconds left, or `SKDownloadTimeRemainingUnknown`.
  open var timeRemaining: TimeInterval { SKDownloadTimeRemainingUnknown }
  /// The transaction whose content this is.
  open var transaction: SKPaymentTransaction { owner }

  /// Where a product's downloaded content is: nowhere, since StoreKit downloads nothing here
  /// (the `iap download` commands keep theirs in the state folder's `downloads/`).
  open class func contentURL(forProductID productID: String) -> URL? { nil }

  /// Deletes a product's downloaded content: there is none that StoreKit downloaded here.
  open class func deleteContent(forProductID productID: String) {}
}

import IAPCore
import IAPKit

/// What the download commands' help says of their argument.
///
/// A download is named by a transaction id, like everything else a command acts on: the
/// transaction's product has one download (`downloads/<productId>/`, as
/// `SKDownload.contentURLForProductID:` finds it), which records the transaction it delivers.
/// A product id is accepted too (`DownloadAddress` tells them apart).
enum DownloadArgument {
  /// The paragraph every download command's discussion ends with, after a blank line.
  static let addressing = "\n\n" + """
    The id is the transaction id of the account's purchase or restore of a non-consumable \
    with hosted content, as 'iap queue' and 'iap history' show it: the command acts on its \
    product's download (the state keeps one per product). A product id works too: an id that \
    is not all digits is one, and an all-digit id is one only when the account has no such \
    transaction.
    """
}

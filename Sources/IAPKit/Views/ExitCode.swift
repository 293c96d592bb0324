/// The exit statuses `iap` documents, after `sysexits(3)` where one fits.
///
/// The CLI's, kept below it in IAPKit's views because the `{"error": …}` document, which the
/// control plane answers too, carries the status (`IAPError+JSON`).
package enum ExitCode: Int32, Sendable {
  /// Success.
  case success = 0
  /// The store said no: a failed transaction, an unknown product, nothing to finish.
  case storeRefused = 1
  /// A purchase is pending: the transaction is `deferred` (Ask to Buy).
  case pending = 2
  /// The command line was wrong (`EX_USAGE`).
  case usage = 64
  /// The catalog or another input file is invalid (`EX_DATAERR`).
  case dataError = 65
  /// The catalog or another input file does not exist (`EX_NOINPUT`).
  case noInput = 66
  /// The state folder cannot be read or written (`EX_IOERR`).
  case ioError = 74
}

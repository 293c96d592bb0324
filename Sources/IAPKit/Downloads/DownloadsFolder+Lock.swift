import IAPStorage

extension DownloadsFolder {
  /// `withStoreLock` for a body of the application's: the lock's own failure is the state's,
  /// and the body's is thrown as it is.
  func underStoreLock<T>(exclusive: Bool, _ body: () throws(IAPError) -> T) throws(IAPError) -> T {
    let outcome = try IAPError.ofState(
      withStoreLock(exclusive: exclusive) { () -> Result<T, IAPError> in Result { () throws(IAPError) -> T in try body() } })
    return try outcome.get()
  }
}

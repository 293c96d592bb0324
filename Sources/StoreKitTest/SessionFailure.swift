#if canImport(Testing)
  import Testing
#endif

/// What a member of `SKTestSession` that cannot throw (a property, `clearTransactions()`,
/// `allTransactions()`, `resetToDefaultState()`) does when the store fails it: Apple's test
/// environment runs in the device and does not fail them; iap's store can be unreachable (an
/// `IAP_URL` server stopped) or refuse a value (`storefront = "US"`).
///
/// Inside a Swift Testing test, the failure is recorded as an issue of that test, which fails,
/// and the member goes on as its documentation says (a setter changes nothing; a getter
/// answers the setting's default). Anywhere else (an XCTest case), the process stops with the
/// message: a value that is not the store's must not pass for one.
enum SessionFailure {
  /// Whether the calling task runs a Swift Testing test (rather than an XCTest case, or no test).
  static var isInSwiftTestingTest: Bool {
    #if canImport(Testing)
      Test.current != nil
    #else
      false
    #endif
  }

  /// Records `message` as an issue of the running Swift Testing test, else stops the process.
  static func report(_ message: String, fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column) {
    let text = "SKTestSession: " + message
    #if canImport(Testing)
      if isInSwiftTestingTest {
        Issue.record(Comment(rawValue: text), sourceLocation: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
        return
      }
    #endif
    fatalError(text)
  }
}

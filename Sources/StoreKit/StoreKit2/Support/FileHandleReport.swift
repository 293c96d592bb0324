import Foundation

/// Reports on standard error a StoreKit call that has no store to go to at all (the
/// process's private store could not start), which `StoreDiagnostics` cannot file under one.
enum FileHandleReport {
  static func unresolved(_ context: String, _ error: StoreConnectionError) {
    FileHandle.standardError.write(Data("StoreKit: \(context): no store: \(error)\n".utf8))
  }
}

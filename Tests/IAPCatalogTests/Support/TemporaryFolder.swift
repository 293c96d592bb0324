import Foundation

/// A new temporary folder for one test's files, removed with the value.
final class TemporaryFolder {
  /// The folder's path.
  let directory: String

  /// A folder holding `catalog` as `catalog.plist` (none when nil).
  init(catalog: String? = nil) {
    directory = NSTemporaryDirectory() + "iap-catalog-tests-" + UUID().uuidString
    try! FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    if let catalog { write("catalog.plist", catalog) }
  }

  deinit { try? FileManager.default.removeItem(atPath: directory) }

  /// Writes a file into the folder.
  func write(_ name: String, _ text: String) {
    _ = FileManager.default.createFile(atPath: directory + "/" + name, contents: Data(text.utf8))
  }
}

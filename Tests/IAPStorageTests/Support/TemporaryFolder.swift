import Foundation

/// A new temporary folder for one test's state folders and files, removed with the value.
final class TemporaryFolder {
  /// The folder's path.
  let directory: String

  /// A new, empty folder.
  init() {
    directory = NSTemporaryDirectory() + "iap-storage-tests-" + UUID().uuidString
    try! FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
  }

  deinit { try? FileManager.default.removeItem(atPath: directory) }

  /// Writes text into the folder, making the folders on the way.
  func write(_ name: String, _ text: String) {
    let path = directory + "/" + name
    try! FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    _ = FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
  }

  /// A file of the folder as text, or nil.
  func read(_ name: String) -> String? {
    FileManager.default.contents(atPath: directory + "/" + name).map { String(decoding: $0, as: UTF8.self) }
  }

  /// Whether a file or folder of that name is in the folder.
  func exists(_ name: String) -> Bool { FileManager.default.fileExists(atPath: directory + "/" + name) }
}

import Foundation

/// `iap serve --port 0`, run as a user runs it: in a temporary folder of its own holding the
/// bundled catalog, stopped when the test ends. `iap(…)` runs a command in the same folder,
/// on the same store, as a developer does from the shell beside a running app.
final class ServedStore {
  let folder: URL
  let process = Process()
  let url: String

  /// The `iap` binary: `$IAP_BIN`, else the repository's debug build (`swift build` at its root).
  static var binary: String {
    if let path = ProcessInfo.processInfo.environment["IAP_BIN"] { return path }
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    return root.appendingPathComponent(".build/debug/iap").path
  }

  init() throws {
    guard FileManager.default.isExecutableFile(atPath: Self.binary) else {
      throw NSError(domain: "FakeGameShopTests", code: 1, userInfo: [
        NSLocalizedDescriptionKey: "no iap at \(Self.binary): run `swift build` at the repository's root, or set IAP_BIN"
      ])
    }
    folder = FileManager.default.temporaryDirectory.appendingPathComponent("fakegameshop-" + UUID().uuidString)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let root = URL(fileURLWithPath: Self.binary).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    let catalog = [root.appendingPathComponent("catalog.plist"), root.deletingLastPathComponent().appendingPathComponent("catalog.plist")]
      .first { FileManager.default.fileExists(atPath: $0.path) }
    try FileManager.default.copyItem(at: try catalog ?? Self.bundledCatalog(), to: folder.appendingPathComponent("catalog.plist"))
    process.executableURL = URL(fileURLWithPath: Self.binary)
    process.arguments = ["serve", "--port", "0"]
    process.currentDirectoryURL = folder
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    // The first line of stdout is the URL.
    var line = Data()
    while !line.contains(0x0A) {
      let chunk = output.fileHandleForReading.availableData
      if chunk.isEmpty { break }
      line += chunk
    }
    url = String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// The catalog of the repository this example lives in.
  static func bundledCatalog() throws -> URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("catalog.plist")
  }

  deinit {
    process.terminate()
    process.waitUntilExit()
    try? FileManager.default.removeItem(at: folder)
  }

  /// Runs `iap arguments…` in the store's folder; its stdout.
  @discardableResult
  func iap(_ arguments: String...) throws -> String {
    let command = Process()
    command.executableURL = URL(fileURLWithPath: Self.binary)
    command.arguments = arguments
    command.currentDirectoryURL = folder
    let output = Pipe()
    command.standardOutput = output
    command.standardError = Pipe()
    try command.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    command.waitUntilExit()
    return String(decoding: data, as: UTF8.self)
  }
}

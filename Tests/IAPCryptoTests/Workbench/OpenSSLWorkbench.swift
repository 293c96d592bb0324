import Foundation

/// A temporary folder to run the `openssl` command in, removed when the workbench goes;
/// the certificate cross-checks write their keys, certificates and signatures here.
final class OpenSSLWorkbench {
  /// The `openssl` on the PATH (or in /usr/bin), or nil when it is not installed.
  static let executable: String? = {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
    return (path.split(separator: ":").map(String.init) + ["/usr/bin", "/usr/local/bin"])
      .map { $0 + "/openssl" }
      .first { FileManager.default.isExecutableFile(atPath: $0) }
  }()

  let folder: URL

  init() throws {
    folder = FileManager.default.temporaryDirectory.appendingPathComponent("iap-x509-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
  }

  deinit { try? FileManager.default.removeItem(at: folder) }

  func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

  func write(_ name: String, _ bytes: [UInt8]) throws { try Data(bytes).write(to: folder.appendingPathComponent(name)) }

  func write(_ name: String, text: String) throws { try write(name, Array(text.utf8)) }

  func read(_ name: String) throws -> [UInt8] { Array(try Data(contentsOf: folder.appendingPathComponent(name))) }

  /// Runs `openssl arguments…` in the folder; standard output and error together.
  @discardableResult
  func openssl(_ arguments: [String]) throws -> (status: Int32, output: String) {
    try run(OpenSSLWorkbench.executable ?? "/usr/bin/openssl", arguments)
  }

  /// Runs a program in the folder; standard output and error together.
  func run(_ executable: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    process.currentDirectoryURL = folder
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    process.standardInput = FileHandle.nullDevice
    try process.run()
    // Read before waiting, so that a full pipe cannot stall the child.
    let output = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: output, as: UTF8.self))
  }
}

import Foundation

/// Runs the built `iap` binary as a user's shell would: a real process in a working folder,
/// with an environment of its own.
package enum BinaryProcess {
  /// `IAP_BIN`, else the `iap` beside this test bundle (`swift build --build-tests` builds both).
  package static var binary: String {
    if let path = ProcessInfo.processInfo.environment["IAP_BIN"] { return path }
    return URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("iap").path
  }

  /// `iap ARGUMENTS` in `directory` with `variables` as the only `IAP_…` variables and `stdin`
  /// on standard input: its status and streams (through files, so that a long output never
  /// fills a pipe no one drains).
  package static func run(_ arguments: [String], in directory: String, variables: [String: String], stdin: String) -> RunResult {
    let scratch = NSTemporaryDirectory() + "iap-binary-" + UUID().uuidString
    let paths = (out: scratch + ".out", err: scratch + ".err", in: scratch + ".in")
    defer { for path in [paths.out, paths.err, paths.in] { try? FileManager.default.removeItem(atPath: path) } }
    _ = FileManager.default.createFile(atPath: paths.out, contents: nil)
    _ = FileManager.default.createFile(atPath: paths.err, contents: nil)
    _ = FileManager.default.createFile(atPath: paths.in, contents: Data(stdin.utf8))
    let process = Process()
    process.executableURL = URL(fileURLWithPath: binary)
    process.arguments = arguments
    process.currentDirectoryURL = URL(fileURLWithPath: directory)
    var environment = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("IAP_") }
    environment.merge(variables) { $1 }
    process.environment = environment
    guard let out = FileHandle(forWritingAtPath: paths.out), let err = FileHandle(forWritingAtPath: paths.err),
      let input = FileHandle(forReadingAtPath: paths.in)
    else { return RunResult(status: -1, stdout: "", stderr: "cannot make the files for \(binary)'s streams") }
    process.standardOutput = out
    process.standardError = err
    process.standardInput = input
    do { try process.run() } catch { return RunResult(status: -1, stdout: "", stderr: "cannot run \(binary): \(error)") }
    process.waitUntilExit()
    for handle in [out, err, input] { try? handle.close() }
    let text = { (path: String) in String(decoding: FileManager.default.contents(atPath: path) ?? Data(), as: UTF8.self) }
    return RunResult(status: process.terminationStatus, stdout: text(paths.out), stderr: text(paths.err))
  }
}

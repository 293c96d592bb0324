import Foundation
import IAPFormats

/// The package as SwiftPM reads it (`swift package dump-package`), rather than as a pattern
/// reads Package.swift: each target's name, its kind and the targets it depends on, however
/// the manifest happens to spell them.
struct PackageDump: Sendable {
  /// One target of the package.
  struct Target: Sendable {
    let name: String
    /// `regular`, `executable` or `test`, as SwiftPM names them.
    let kind: String
    /// The names of the targets (or products) it depends on.
    let dependencies: Set<String>
    /// The compiler flags its `unsafeFlags` settings pass.
    let unsafeFlags: [String]
  }

  /// Why the package could not be read: `swift`'s own words, or what was wrong with them.
  struct Failure: Error, Sendable, CustomStringConvertible {
    let description: String
  }

  let targets: [Target]

  /// Each target's dependencies, by target name.
  var dependencies: [String: Set<String>] {
    Dictionary(targets.map { ($0.name, $0.dependencies) }, uniquingKeysWith: { first, _ in first })
  }

  /// The `swift` that runs `dump-package`: the one on PATH, else the one beside the process
  /// that runs the tests (on Linux `swift test` starts them from the toolchain's folder, so a
  /// toolchain run by its full path is found too), else the usual places; nil when there is none.
  static let swift: String? = {
    var folders = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map(String.init)
    #if os(Linux)
      if let runner = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(getppid())/exe") {
        folders.append(URL(fileURLWithPath: runner).deletingLastPathComponent().path)
      }
    #endif
    folders += ["/usr/bin", "/usr/local/bin"]
    return folders.map { $0 + "/swift" }.first { FileManager.default.isExecutableFile(atPath: $0) }
  }()

  /// The package this test run was built from, read once for every test that asks.
  static let current: Result<PackageDump, Failure> = Result { () throws(Failure) in
    try read(packageAt: EndToEndTests.packageRoot)
  }

  /// Runs `swift package dump-package` on the package at `root` and reads its targets. Its
  /// scratch folder is a temporary one: the `swift test` running this holds the lock on the
  /// package's own `.build` until the tests end. The JSON goes to a file rather than a pipe,
  /// so that the wait can have a deadline however long the dump grows: a `swift` that hangs
  /// fails the tests that need it, not the run.
  static func read(packageAt root: URL) throws(Failure) -> PackageDump {
    guard let swift else { throw Failure(description: "no `swift` on PATH or beside the test runner") }
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("iap-dump-\(UUID().uuidString)")
    let output = folder.appendingPathComponent("package.json"), errors = folder.appendingPathComponent("stderr")
    defer { try? FileManager.default.removeItem(at: folder) }
    let process = Process()
    do {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
      for file in [output, errors] where !FileManager.default.createFile(atPath: file.path, contents: nil) {
        throw Failure(description: "\(file.path) could not be made")
      }
      process.executableURL = URL(fileURLWithPath: swift)
      let scratch = folder.appendingPathComponent("scratch").path
      process.arguments = ["package", "--package-path", root.path, "--scratch-path", scratch, "dump-package"]
      process.standardOutput = try FileHandle(forWritingTo: output)
      process.standardError = try FileHandle(forWritingTo: errors)
      process.standardInput = FileHandle.nullDevice
      try process.run()
    } catch {
      throw Failure(description: "\(swift) package dump-package did not start: \(error)")
    }
    let deadline = Date().addingTimeInterval(120)
    while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
    let stderr = { (try? String(contentsOf: errors, encoding: .utf8)) ?? "" }
    if process.isRunning {
      process.terminate()
      throw Failure(description: "\(swift) package dump-package did not finish within 120 s: \(stderr())")
    }
    guard process.terminationStatus == 0, let bytes = try? Data(contentsOf: output) else {
      throw Failure(description: "\(swift) package dump-package exited \(process.terminationStatus): \(stderr())")
    }
    do {
      return try PackageDump(json: try JSONParser.parse(Array(bytes)))
    } catch {
      throw Failure(description: "dump-package's JSON was not read: \(error)")
    }
  }

  /// Reads the dump's `targets`: each has a `name`, a `type`, `dependencies`, each of which
  /// is an object of one member (`byName`, `target` or `product`) whose array starts with the
  /// name, and `settings`.
  init(json: JSONValue) throws(Failure) {
    guard let targets = json["targets"]?.arrayValue, !targets.isEmpty else {
      throw Failure(description: "the dump has no targets")
    }
    self.targets = try targets.map { target throws(Failure) in
      guard let name = target["name"]?.stringValue, let kind = target["type"]?.stringValue else {
        throw Failure(description: "a target without a name or a type")
      }
      let dependencies = try (target["dependencies"]?.arrayValue ?? []).map { dependency throws(Failure) in
        guard let member = dependency.objectValue?.first, let named = member.1.arrayValue?.first?.stringValue else {
          throw Failure(description: "\(name) has a dependency without a name")
        }
        return named
      }
      // A setting's `kind` is an object of one member: `unsafeFlags` holds `_0`, the flags.
      let unsafeFlags = (target["settings"]?.arrayValue ?? []).flatMap { setting in
        (setting["kind"]?["unsafeFlags"]?["_0"]?.arrayValue ?? []).compactMap(\.stringValue)
      }
      return Target(name: name, kind: kind, dependencies: Set(dependencies), unsafeFlags: unsafeFlags)
    }
  }
}

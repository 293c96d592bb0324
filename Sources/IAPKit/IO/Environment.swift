import IAPCore
import IAPFormats

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What a command may learn about the process it runs in: environment variables, the working
/// directory and the time. Injected, so tests can fix all three.
package struct Environment: Sendable {
  private let lookup: @Sendable (String) -> String?
  /// Relative paths on the command line are resolved against this folder.
  package let currentDirectory: String
  /// The machine's clock.
  package let now: @Sendable () -> Timestamp
  /// Standard input, read to its end (`-` as a file argument), at most `InputFile.limit`
  /// bytes.
  package let standardInput: @Sendable () throws(InputFileError) -> [UInt8]

  package init(
    variables: [String: String], currentDirectory: String,
    now: @escaping @Sendable () -> Timestamp = Environment.systemTime,
    standardInput: @escaping @Sendable () throws(InputFileError) -> [UInt8] = { [] }
  ) {
    lookup = { variables[$0] }
    self.currentDirectory = currentDirectory
    self.now = now
    self.standardInput = standardInput
  }

  private init(lookup: @escaping @Sendable (String) -> String?, currentDirectory: String) {
    self.lookup = lookup
    self.currentDirectory = currentDirectory
    now = Environment.systemTime
    standardInput = { () throws(InputFileError) -> [UInt8] in try InputFile.read(stream: 0, path: "standard input") }
  }

  /// The running process's environment. Variables are read on demand with `getenv`, so a
  /// command pays only for the ones it asks about.
  package static var current: Environment {
    // A temporary buffer on the stack: a `[CChar]` costs every command the run-time
    // instantiation of its array type, used nowhere else (docs/performance.md, "Shapes kept for start-up").
    let cwd = withUnsafeTemporaryAllocation(of: CChar.self, capacity: Int(PATH_MAX) + 1) { buffer in
      getcwd(buffer.baseAddress, buffer.count) != nil ? String(cString: buffer.baseAddress!) : "."
    }
    return Environment(lookup: { name in getenv(name).map { String(cString: $0) } }, currentDirectory: cwd)
  }

  /// The value of an environment variable; an empty value counts as unset.
  package func variable(_ name: String) -> String? {
    guard let value = lookup(name), !value.isEmpty else { return nil }
    return value
  }

  /// `path` made absolute against the working directory.
  package func resolve(_ path: String) -> String {
    path.hasPrefix("/") ? path : currentDirectory + "/" + path
  }

  /// The real time, to the millisecond.
  @Sendable package static func systemTime() -> Timestamp {
    var ts = timespec()
    clock_gettime(CLOCK_REALTIME, &ts)
    return Timestamp(milliseconds: Int64(ts.tv_sec) * 1000 + Int64(ts.tv_nsec) / 1_000_000)
  }
}

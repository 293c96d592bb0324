import IAPFormats
import IAPSystem

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
    Environment(lookup: { ProcessEnvironment.variable($0) }, currentDirectory: ProcessEnvironment.currentDirectory())
  }

  /// The value of an environment variable; an empty value counts as unset.
  package func variable(_ name: String) -> String? {
    guard let value = lookup(name), !value.isEmpty else { return nil }
    return value
  }

  /// The whole number a variable holds, when it is one of at least `minimum`; else nil, so
  /// that a caller falls back to its default for a value it cannot use.
  package func number(_ name: String, atLeast minimum: Int) -> Int? {
    guard let text = variable(name), let number = Int(text), number >= minimum else { return nil }
    return number
  }

  /// `path` made absolute against the working directory.
  package func resolve(_ path: String) -> String {
    path.hasPrefix("/") ? path : currentDirectory + "/" + path
  }

  /// The real time, to the millisecond.
  @Sendable package static func systemTime() -> Timestamp {
    Timestamp(milliseconds: WallClock.milliseconds())
  }
}

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The running process's environment variables and working folder, read from the system
/// when asked (as `ProcessInfo` reads them, without its cost at start-up).
package enum ProcessEnvironment {
  /// The value of the variable `name`, read with `getenv`, or nil when it is unset.
  package static func variable(_ name: String) -> String? {
    getenv(name).map { String(cString: $0) }
  }

  /// The working folder, or `"."` when it cannot be named (it was removed, say).
  package static func currentDirectory() -> String {
    // A temporary buffer on the stack: a `[CChar]` costs every command the run-time
    // instantiation of its array type, used nowhere else (docs/performance.md, "Shapes kept for start-up").
    withUnsafeTemporaryAllocation(of: CChar.self, capacity: Int(PATH_MAX) + 1) { buffer in
      getcwd(buffer.baseAddress, buffer.count) != nil ? String(cString: buffer.baseAddress!) : "."
    }
  }

  /// This process's id.
  package static var processIdentifier: Int32 { getpid() }
}

import Foundation
import IAPTesting
import Testing

/// What hostile input must get: a documented status and one-line reasons, never a trap.
extension RunResult {
  /// Whether stderr holds only diagnostics: at least one `error:` line, and otherwise only
  /// `warning:` lines, the usage line and the hint to help that usage errors add.
  var stderrIsDiagnostics: Bool {
    let lines = stderr.split(separator: "\n", omittingEmptySubsequences: false).dropLast(stderr.hasSuffix("\n") ? 1 : 0)
    let allowed = lines.allSatisfy { line in
      line.hasPrefix("error: ") || line.hasPrefix("warning: ") || line.hasPrefix("usage: iap ")
        || (line.hasPrefix("  See 'iap ") && line.hasSuffix("--help' for more information."))
    }
    return allowed && lines.contains { $0.hasPrefix("error: ") }
  }

  /// The number of `error:` lines on stderr.
  var errorCount: Int { stderr.split(separator: "\n").filter { $0.hasPrefix("error: ") }.count }

  /// Records an issue unless this run failed cleanly with `status`: nothing on stdout, only
  /// diagnostics on stderr, and no Swift runtime trap.
  func expectCleanFailure(_ status: Int32, _ context: String = "", sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(self.status == status, "\(context): \(stderr)", sourceLocation: sourceLocation)
    #expect(stdout.isEmpty, "\(context): stdout not empty", sourceLocation: sourceLocation)
    #expect(stderrIsDiagnostics, "\(context): stderr is not one-line error/warning diagnostics: \(stderr)", sourceLocation: sourceLocation)
    for trap in ["Fatal error", "Crash", "Backtrac"] {
      #expect(!stderr.contains(trap), "\(context): a Swift runtime trap", sourceLocation: sourceLocation)
    }
  }
}

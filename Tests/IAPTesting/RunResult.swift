import IAPFormats
import Testing

/// What one in-process `iap` invocation produced.
package struct RunResult {
  /// The exit status.
  package var status: Int32
  /// What it printed on standard output.
  package var stdout: String
  /// What it printed on standard error.
  package var stderr: String

  /// A result with these parts.
  package init(status: Int32, stdout: String, stderr: String) {
    self.status = status
    self.stdout = stdout
    self.stderr = stderr
  }

  /// stdout parsed as JSON (fails the test if it is not).
  package var json: JSONValue {
    do { return try JSONParser.parse(stdout) } catch {
      Issue.record("stdout is not JSON: \(error)\n\(stdout)")
      return .null
    }
  }
}

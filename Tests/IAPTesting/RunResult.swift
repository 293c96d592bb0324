import IAPFormats
import Testing

/// What one in-process `iap` invocation produced.
package struct RunResult {
  package var status: Int32
  package var stdout: String
  package var stderr: String

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

import Foundation
import IAPFormats
import Testing

/// Plays one scenario's `iap` commands in a fresh working folder, the way `mode` says, and
/// checks each against what it must print and end with.
///
/// A step's status, stdout, stderr and JSON are checked in every mode, except that over the
/// control plane a routed step has no text streams (its stdout is the JSON answer) and a
/// pending purchase (exit status 2) is an ordinary 200 answer.
package final class ScenarioPlayer {
  /// Where the commands run.
  package let mode: ScenarioMode
  /// The working folder, its catalog, and the in-process runs.
  package let harness: TestHarness

  /// A player in a new folder holding `catalog` (the repository's bundled catalog by default).
  package init(_ mode: ScenarioMode, catalog: String? = Repository.bundledCatalog) {
    self.mode = mode
    harness = TestHarness(catalog: catalog)
  }

  /// The working folder.
  package var directory: String { harness.directory }

  /// Runs `iap` with `arguments` (a single string is split on spaces) and `variables` added
  /// to the environment, and checks what the step expects: the exit status (unchecked when
  /// nil), stdout and stderr, and the JSON on stdout through `json`.
  @discardableResult
  package func run(
    _ arguments: [String], variables: [String: String] = [:], status: Int32? = nil, stdout: [TextExpectation] = [],
    stderr: [TextExpectation] = [], json: ((JSONValue) -> Void)? = nil, sourceLocation: SourceLocation = #_sourceLocation
  ) -> RunResult {
    let played = play(arguments, variables: variables)
    let label = "iap \(arguments.joined(separator: " ")) [\(mode)]"
    if let status {
      let pendingAnswered = played.routed && status == 2 && played.result.status == 0
      #expect(played.result.status == status || pendingAnswered, "\(label): status\n\(played.result.stderr)", sourceLocation: sourceLocation)
    }
    if !played.routed {
      for expectation in stdout where !expectation.isMet(by: Self.trimmed(played.result.stdout)) {
        Issue.record("\(label): stdout \(expectation)\n\(played.result.stdout)", sourceLocation: sourceLocation)
      }
      for expectation in stderr where !expectation.isMet(by: Self.trimmed(played.result.stderr)) {
        Issue.record("\(label): stderr \(expectation)\n\(played.result.stderr)", sourceLocation: sourceLocation)
      }
    }
    if let json {
      do { json(try JSONParser.parse(played.result.stdout)) } catch {
        Issue.record("\(label): stdout is not JSON: \(error)\n\(played.result.stdout)", sourceLocation: sourceLocation)
      }
    }
    return played.result
  }

  /// `run(_:variables:status:stdout:stderr:json:)` with `line` split on spaces.
  @discardableResult
  package func run(
    _ line: String, variables: [String: String] = [:], status: Int32? = nil, stdout: [TextExpectation] = [],
    stderr: [TextExpectation] = [], json: ((JSONValue) -> Void)? = nil, sourceLocation: SourceLocation = #_sourceLocation
  ) -> RunResult {
    run(
      line.split(separator: " ").map(String.init), variables: variables, status: status, stdout: stdout, stderr: stderr, json: json,
      sourceLocation: sourceLocation)
  }

  /// The step's result, and whether it went over the control plane.
  private func play(_ arguments: [String], variables: [String: String]) -> (result: RunResult, routed: Bool) {
    switch mode {
    case .binary:
      return (BinaryProcess.run(arguments, in: directory, variables: harness.variables.merging(variables) { $1 }, stdin: harness.stdin), false)
    case .controlPlane:
      if variables.isEmpty, let command = ControlPlaneCommand(arguments) {
        return (command.send(through: harness), true)
      }
      return (inProcess(arguments, variables: variables), false)
    case .inProcess:
      return (inProcess(arguments, variables: variables), false)
    }
  }

  private func inProcess(_ arguments: [String], variables: [String: String]) -> RunResult {
    let saved = harness.variables
    defer { harness.variables = saved }
    harness.variables.merge(variables) { $1 }
    return harness.run(arguments)
  }

  /// A stream as a shell's `$(…)` keeps it: trailing newlines dropped.
  static func trimmed(_ text: String) -> String {
    var text = Substring(text)
    while text.last == "\n" { text = text.dropLast() }
    return String(text)
  }
}

import Testing

/// Where a scenario's commands run: the same scenario, played three ways, as hummingbird's
/// `app.test(.router | .live)` plays one test against the router or a real server.
package enum ScenarioMode: String, CaseIterable, Sendable, CustomTestStringConvertible {
  /// In process: `CLI.run` with the harness's streams, environment and fixed clock.
  case inProcess
  /// The built `iap` binary as a real process (`IAP_BIN`, else the `iap` beside the test
  /// bundle), in the harness's folder, on the real clock.
  case binary
  /// Over the control plane of an in-process `iap serve` (`/iap/v1`), for each command that
  /// has a route answering what its `--json` prints (`ControlPlaneCommand`); in process for
  /// the others, on the same state folder.
  case controlPlane

  /// The mode's name, as a test's argument shows.
  package var testDescription: String { rawValue }
}

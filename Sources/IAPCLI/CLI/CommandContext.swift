import IAPCore
import IAPKit
import IAPFormats

/// What a running command may use: the console for its output, the global options, and the
/// workspace whose use cases it calls.
package final class CommandContext {
  package let console: Console
  package let globals: GlobalOptions
  /// The application layer, for this invocation's state, catalog, account and device.
  package let workspace: Workspace

  package init(console: Console, environment: Environment, globals: GlobalOptions) {
    self.console = console
    self.globals = globals
    workspace = Workspace(
      state: globals.state, namespace: globals.namespace, catalog: globals.catalog, account: globals.account, device: globals.device,
      environment: environment, console: console)
  }

  /// The sandbox tester whose purchase history commands act on.
  package var account: String { workspace.account }
  /// The device whose payment queue commands act on.
  package var device: String { workspace.device }

  /// Checks the account, device and namespace names once, before the command uses them.
  func validateNames() throws(IAPError) {
    guard let (option, name, problem) = workspace.invalidName() else { return }
    let shown = JSONWriter.compact(.string(String(name.prefix(40))))
    throw .invalidRequest("invalid value for '--\(option) <name>': \(problem), got \(shown)")
  }

  /// The delivery step after a command: posts pending notifications, warning on failure.
  func deliverNotifications() {
    do {
      guard let report = try workspace.deliverNotifications(), let failure = report.failure else { return }
      console.warning("notifications: \(report.url) failed (\(failure)); \(report.pending) pending, \(report.schedule.retryNote)")
    } catch {
      console.warning("notifications: \(error.userMessages.joined(separator: "; "))")
    }
  }
}

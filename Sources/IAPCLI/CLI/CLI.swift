import IAPCore
import IAPFormats
import IAPKit

/// The entry point: parses the command line, runs the command, reports failure, and maps
/// it to an exit status. The only place that turns an error into output.
package enum CLI {
  /// The version `--version` prints.
  package static let version = "0.1.0"

  /// Runs one `iap` invocation. `arguments` excludes the program name.
  package static func run(arguments: [String], environment: Environment, console: Console) -> Int32 {
    // Decided before parsing so that even a usage error can be reported as JSON.
    let options = arguments.prefix { $0 != "--" }
    let wantsJSON = options.contains("--json")
    console.quiet = options.contains("--quiet") || options.contains("-q")
    let status: ExitCode
    do {
      switch try ArgumentParser.parse(arguments) {
      case let .help(path):
        console.line(HelpFormatter.help(for: path), terminator: "")
        status = .success
      case .version:
        console.line("iap \(version)")
        status = .success
      case let .run(command, invocation, globals):
        let context = CommandContext(console: console, environment: environment, globals: globals)
        try context.validateNames(for: invocation.spec.path)
        let parsed = try command.init(invocation)
        // The use case has committed (or refused, storing nothing); then, as a step of its
        // own, notifications still pending are posted to the notification URL, if any.
        let result = Result { () throws(IAPError) -> ExitCode in try parsed.run(context) }
        context.deliverNotifications()
        status = try result.get()
      }
    } catch {
      report(error, json: wantsJSON, console: console)
      status = error.exitCode
    }
    console.flush()
    return status.rawValue
  }

  /// Prints a failure: `error: …` lines on stderr (plus the usage line and a hint to help for
  /// usage errors), and with `--json` the `{"error": …}` document on stdout.
  static func report(_ error: IAPError, json: Bool, console: Console) {
    for message in error.userMessages { console.error(message) }
    switch error {
    case let .usage(_, path):
      console.detail("usage: \(HelpFormatter.usage(for: path))")
      console.detail("  See '\((["iap"] + path + ["--help"]).joined(separator: " "))' for more information.")
    default:
      break
    }
    if json { console.json(.object([("error", error.json)])) }
  }
}

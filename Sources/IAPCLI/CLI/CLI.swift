import IAPCore
import IAPFormats
import IAPKit
import IAPOperations

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
    do throws(CLIError) {
      switch try ArgumentParser.parse(arguments) {
      case let .help(path):
        console.line(HelpFormatter.help(for: path), terminator: "")
        status = .success
      case .version:
        console.line("iap \(version)")
        status = .success
      case let .run(command, invocation, globals):
        let context = CommandContext(console: console, environment: environment, globals: globals)
        status = run(command, invocation, context, json: wantsJSON)
      }
    } catch {
      report(error, json: wantsJSON, console: console)
      status = error.exitCode
    }
    console.flush()
    return status.rawValue
  }

  /// Runs a parsed command and reports its failure, if any; a request the application
  /// rejects gets the hint to this command's help.
  private static func run(_ command: any Command.Type, _ invocation: Invocation, _ context: CommandContext, json: Bool) -> ExitCode {
    do throws(IAPError) {
      try context.validateNames()
      let parsed = try command.init(invocation)
      // The use case has committed (or refused, storing nothing); then, as a step of its
      // own, notifications still pending are posted to the notification URL, if any.
      let result = Result { () throws(IAPError) -> ExitCode in try parsed.run(context) }
      context.deliverNotifications()
      return try result.get()
    } catch {
      report(error, command: invocation.spec.path, json: json, console: context.console)
      return error.exitCode
    }
  }

  /// Prints the application's failure of the command at `path`: `error: …` lines on stderr
  /// (plus the usage line and a hint to the command's help for a request it rejects), and
  /// with `--json` the `{"error": …}` document on stdout.
  static func report(_ error: IAPError, command path: [String], json: Bool, console: Console) {
    for message in error.userMessages { console.error(message) }
    if case .invalidRequest = error { hint(path, console: console) }
    if json { console.json(.object([("error", error.json)])) }
  }

  /// Prints one of the CLI's own failures: `error: …` on stderr (plus the usage line and a
  /// hint to help for a malformed command line), and with `--json` the `{"error": …}`
  /// document on stdout.
  static func report(_ error: CLIError, json: Bool, console: Console) {
    console.error(error.message)
    if case let .usage(_, path) = error { hint(path, console: console) }
    if json { console.json(.object([("error", error.json)])) }
  }

  /// The usage line of the command at `path` and where its help is.
  private static func hint(_ path: [String], console: Console) {
    console.detail("usage: \(HelpFormatter.usage(for: path))")
    console.detail("  See '\((["iap"] + path + ["--help"]).joined(separator: " "))' for more information.")
  }
}

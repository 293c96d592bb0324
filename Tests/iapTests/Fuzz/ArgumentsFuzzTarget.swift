// Compiled twice: into iapTests, where FuzzRegressionTests replays the inputs that once
// failed and the seed corpus (`swift test`), and by scripts/fuzz into one module with every
// source (-D IAP_FUZZ_BUILD), where libFuzzer drives it; there the sources are that module.
#if !IAP_FUZZ_BUILD
  @testable import IAPCLI
  @testable import IAPCore
  @testable import IAPFormats
  @testable import IAPHTTP
  @testable import IAPKit
  @testable import IAPServer
#endif

/// Fuzzes the command line: argument parsing, each command's validation, help and error
/// reporting. The input is split into arguments at NUL bytes, as `execve` would pass them.
///
/// Invariants: every command line is a help request, a version request, a command that
/// validated, or a usage error with a one-line message and exit status 64.
enum ArgumentsFuzzTarget {
  static func run(_ bytes: [UInt8]) {
    let arguments = bytes.split(separator: 0, omittingEmptySubsequences: false).map {
      String(decoding: $0, as: UTF8.self)
    }
    var diagnostics: [String] = []
    let console = Console(out: { _ in }, err: { diagnostics.append($0) })
    var failed = false
    do throws(CLIError) {
      switch try ArgumentParser.parse(arguments) {
      case let .help(path):
        _ = HelpFormatter.help(for: path)
      case .version:
        break
      case let .run(command, invocation, _):
        do throws(IAPError) { _ = try command.init(invocation) } catch {
          guard error.exitCode == .usage, error.messages.count == 1 else { fatalError("not a usage error: \(error)") }
          CLI.report(error, command: invocation.spec.path, json: true, console: console)
          failed = true
        }
      }
    } catch {
      guard error.exitCode == .usage else { fatalError("not a usage error: \(error)") }
      CLI.report(error, json: true, console: console)
      failed = true
    }
    if failed {
      // error, usage line, hint: each written as exactly one line.
      guard diagnostics.count == 3, diagnostics.allSatisfy({ $0.hasSuffix("\n") && $0.dropLast().firstIndex(of: "\n") == nil })
      else { fatalError("diagnostics are not one line each: \(diagnostics)") }
    }
  }
}

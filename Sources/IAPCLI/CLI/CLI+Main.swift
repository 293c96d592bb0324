import IAPKit
import IAPSystem

extension CLI {
  /// The `iap` program: runs one invocation with the process's own arguments, environment
  /// and standard streams, then exits with its status.
  package static func main() -> Never {
    // A write past `ulimit -f` must fail with EFBIG, like a full disk, and be reported
    // (nothing stored, temporaries removed), not kill the process half-way with SIGXFSZ.
    CurrentProcess.ignoreFileSizeLimitSignal()
    let environment = Environment.current
    let status = run(arguments: Array(CommandLine.arguments.dropFirst()), environment: environment, console: .standard(environment: environment))
    CurrentProcess.exit(status)
  }
}

import IAPCLI
import IAPKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// Everything lives in the libraries so that tests can drive whole commands in process;
// this file only wires the real process (its arguments, streams, environment and clock) to them.
// A write past `ulimit -f` must fail with EFBIG, like a full disk, and be reported (nothing
// stored, temporaries removed), not kill the process half-way with SIGXFSZ.
signal(SIGXFSZ, SIG_IGN)
let environment = Environment.current
exit(CLI.run(arguments: Array(CommandLine.arguments.dropFirst()), environment: environment, console: .standard(environment: environment)))

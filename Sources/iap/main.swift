import IAPKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// Everything lives in IAPKit so that tests can drive whole commands in process;
// this file only wires the real process to it.
let environment = Environment.current
exit(CLI.run(arguments: Array(CommandLine.arguments.dropFirst()), environment: environment, console: .standard(environment: environment)))

import IAPTesting
import Testing

@testable import IAPCLI
@testable import IAPCore
@testable import IAPKit

/// `iap serve`'s options, checked before anything listens: a --host beyond loopback needs
/// consent, and --allow-host and --control-token take only what they can match. Serving
/// itself (its URL line, the warning) is scripts/e2e/serve.sh's.
@Suite struct ServeCommandTests {
  let harness = TestHarness()

  func parse(_ arguments: [String]) throws -> ServeCommand {
    guard case let .run(_, invocation, _) = try ArgumentParser.parse(["serve"] + arguments) else {
      throw IAPError.invalidRequest("not a command to run")
    }
    return try ServeCommand(invocation)
  }

  @Test func aHostBeyondLoopbackIsRefusedWithoutConsentInOneLine() {
    for host in ["0.0.0.0", "::", "192.168.1.5"] {
      let result = harness.run(["serve", "--host", host])
      #expect(result.status == 64, "\(host)")
      #expect(result.stdout.isEmpty)
      let first = result.stderr.split(separator: "\n").first ?? ""
      #expect(first.hasPrefix("error: --host \(host) is beyond loopback"))
      #expect(first.contains("no authentication") && first.contains("--allow-remote") && first.contains("--control-token"))
    }
  }

  @Test func consentOrATokenLetsAHostBeyondLoopbackServe() throws {
    let remote = try parse(["--host", "0.0.0.0", "--allow-remote"])
    #expect(remote.remote && remote.controlToken == nil)
    let token = try parse(["--host", "0.0.0.0", "--control-token", "s3cret"])
    #expect(token.controlToken == "s3cret")
    for loopback in ["127.0.0.1", "localhost", "::1", "127.0.0.2"] {
      #expect(try parse(["--host", loopback]).remote == false, "\(loopback)")
    }
  }

  @Test func allowHostRepeatsAndTakesNamesWithoutPorts() throws {
    #expect(try parse(["--allow-host", "iap.test", "--allow-host=backend", "--allow-host", "*", "--allow-host", "fe80::1"]).allowedHosts
      == ["iap.test", "backend", "*", "fe80::1"])
    for bad in ["iap.test:8080", "[::1]:8080", "", "http://iap.test", "a b"] {
      let result = harness.run(["serve", "--allow-host", bad])
      #expect(result.status == 64, "\(bad)")
      #expect(result.stderr.contains("invalid value for '--allow-host <name>'"), "\(bad)")
    }
  }

  @Test func aControlTokenIsPrintableWithoutSpaces() {
    for bad in ["", "a b", "tab\there"] {
      let result = harness.run(["serve", "--control-token", bad])
      #expect(result.status == 64, "\(bad)")
      #expect(result.stderr.contains("invalid value for '--control-token <token>'"))
    }
  }

  @Test func anIPv6HostIsBracketedInTheURL() {
    #expect(ServeCommand.authority("::1", 18121) == "[::1]:18121")
    #expect(ServeCommand.authority("127.0.0.1", 8080) == "127.0.0.1:8080")
  }

  @Test func theUsageLineShowsARepeatingOption() {
    #expect(HelpFormatter.usage(for: ["serve"]).contains("[--allow-host <name> ...] [--allow-remote] [--control-token <token>]"))
  }
}

import IAPCore
import IAPKit
import IAPServer
import IAPHTTP
import IAPSystem

/// `iap serve [--host H] [--port P]`: the App Store Server API, served from the state.
struct ServeCommand: Command {
  static let spec = CommandSpec(
    ["serve"], abstract: "Serve the control plane and the App Store Server API from this state.",
    discussion: """
      An HTTP/1.1 server (keep-alive, Content-Length bodies) on the loopback address by \
      default, for a server under test to call with Apple's App Store Server Library (point \
      its client's base URL here). Prints its URL as the first line of stdout (--port 0 \
      picks a free port) and serves until SIGINT or SIGTERM, then exits 0. Every request \
      needs a bearer token signed by a key made with 'iap keys create' (kid, aud \
      appstoreconnect-v1, bid the catalog's bundle id, iss the state's issuer id, exp at most \
      60 minutes away), else 401. Each request opens the state as a command does, so commands \
      run beside the server and it sees what they did; notifications a request causes are \
      posted to notification-url after the answer. Served: transaction info, history (v1, \
      v2), subscription statuses, refund history, order lookup, test notifications and their \
      status, notification history with send attempts, renewal-date extensions (one, mass, \
      mass status), consumption information (v1, v2), app account tokens, and POST \
      /verifyReceipt and /sandbox/verifyReceipt (no token: the shared secret is the \
      password). Each endpoint: docs/server-api.md. Under /iap/v1 it also serves the \
      simulator's own controls, JSON in and out, without authentication (products, purchases, \
      transactions and their update stream, clock, settings, …: docs/control-api.md), and \
      every route again under /ns/NAME, a namespace with a store of its own, which \
      --namespace NAME reaches from the shell.
      """,
    options: [
      OptionSpec("host", value: "address", help: "The address to listen on (default 127.0.0.1)."),
      OptionSpec("port", value: "number", help: "The port to listen on (default 8080; 0 picks a free one)."),
    ])

  let host: String
  let port: UInt16

  init(_ invocation: Invocation) throws(IAPError) {
    host = invocation.value("host") ?? "127.0.0.1"
    let portText = invocation.value("port") ?? "8080"
    guard let port = UInt16(portText) else {
      throw invocation.usageError("invalid value for '--port <number>': expected 0 to 65535, got '\(portText)'")
    }
    self.port = port
  }

  func run(_ context: CommandContext) throws(IAPError) -> ExitCode {
    let globals = context.globals
    let environment = context.workspace.environment
    // Asked once: a console is made per request, and stderr stays what it was.
    let color = Console.colorsDiagnostics(environment: environment)
    let router = ServerRouter(statePath: Workspace.statePath(globals.state, environment: environment)) { namespace in
      Workspace(
        state: globals.state, namespace: namespace ?? globals.namespace, catalog: globals.catalog, account: globals.account,
        device: globals.device, environment: environment, console: Console.standard(environment: environment, colorDiagnostics: color))
    }
    // The server's own failures (5xx) get one line on stderr each, naming the cause; the
    // lock keeps lines from concurrent requests whole.
    let logLock = Mutex()
    let server: HTTPServer
    do {
      server = try HTTPServer(host: host, port: port) { request in
        let response = router.respond(request)
        if let cause = response.log {
          logLock.withLock { Console.standard(environment: environment, colorDiagnostics: color).error("\(request.method) \(request.path): answered \(response.status): \(cause)") }
        }
        return response
      }
    } catch {
      throw .cannotServe(address: "\(host):\(port)", reason: error.description)
    }
    server.start()
    context.console.line("http://\(host):\(server.port)")
    context.console.flush()
    let signals = TerminationSignal()
    _ = signals.wait()
    // Requests under way are answered first; but one that waits for the state's lock, held
    // by another process, could wait for ever: a second signal, or 5 s, ends the wait.
    let left = server.stop(waitingAtMost: 5_000) { signals.wait(timeoutMilliseconds: 0) != nil }
    signals.restore()
    if left > 0 {
      context.console.warning(
        "stopped with \(left) request\(left == 1 ? "" : "s") unanswered (waiting for the state's lock, which another process holds, most likely)")
    }
    return .success
  }
}

import IAPCore
import IAPKit
import IAPServer
import IAPHTTP
import IAPOperations
import IAPSystem

/// `iap serve [--host H] [--port P] [--allow-host NAME …] [--allow-remote] [--control-token T]`:
/// the control plane, the App Store Server API and the web page, served from the state.
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
      simulator's own controls, JSON in and out (products, purchases, transactions and their \
      update stream, clock, settings, …: docs/control-api.md), and every route again under \
      /ns/NAME, a namespace with a store of its own, which --namespace NAME reaches from the \
      shell; and the web Transaction Manager at / (docs/web.md).

      Without --control-token the control plane has no authentication; what guards it from \
      other sites' pages in the browser: only a Host that is loopback (localhost, 127.x.x.x, \
      [::1]) or given with --allow-host is answered, else 421; a change (POST, PUT, PATCH, \
      DELETE) needs Content-Type: application/json or the header X-IAP-Request, and is \
      refused (403) when Origin or Sec-Fetch-Site says another site's page sent it. A --host \
      beyond loopback needs --allow-remote or --control-token (threat model: \
      docs/control-api.md).

      With --shared-keys every namespace signs with the state's own signing secret (one \
      root certificate) and checks tokens against the state's own keys, and the server makes \
      one key for its run (removed when it stops), which POST /iap/v1/namespaces answers for \
      every namespace: one SignedDataVerifier and one client serve a whole suite. Namespaces \
      made with "temporary": true are deleted when the server stops, and once idle for \
      their idleSeconds.
      """,
    parameters: ServeParameters.all)

  let host: String
  let port: UInt16
  /// The `Host` names answered besides loopback ones.
  let allowedHosts: [String]
  let controlToken: String?
  /// Whether `host` is beyond loopback (with consent: `init` refuses it otherwise).
  let remote: Bool
  /// Whether every namespace shares the state's signing secret and key set.
  let sharedKeys: Bool

  init(_ invocation: Invocation) throws(IAPError) {
    host = try invocation.value(ServeParameters.host, default: "127.0.0.1")
    port = try invocation.value(ServeParameters.port, default: 8080)
    allowedHosts = try invocation.value(ServeParameters.allowHost, default: []).map { name throws(IAPError) in
      try Self.checkedHostName(name, invocation)
    }
    controlToken = try invocation.value(ServeParameters.controlToken)
    remote = !HTTPHostAllowList.isLoopback(host)
    sharedKeys = try invocation.value(ServeParameters.sharedKeys, default: false)
    let consented = try invocation.value(ServeParameters.allowRemote, default: false)
    if remote && controlToken == nil && !consented {
      throw invocation.usage(
        "\(invocation.name(ServeParameters.host.info)) \(host) is beyond loopback and the control plane has no authentication, so whoever reaches the port could buy, refund and reset: add \(invocation.name(ServeParameters.allowRemote.info)) to serve it anyway, or \(invocation.name(ServeParameters.controlToken.info)) TOKEN to require a token")
    }
  }

  /// An `--allow-host` value: a name or address as `Host` gives it, without a port, or `*`.
  static func checkedHostName(_ name: String, _ invocation: Invocation) throws(IAPError) -> String {
    let colons = name.filter { $0 == ":" }.count
    let bracketedPort = name.hasPrefix("[") && !name.hasSuffix("]")
    guard !name.isEmpty, colons != 1, !bracketedPort, !name.contains(where: { $0 == "/" || $0 == " " || $0 == "@" }) else {
      throw invocation.invalid(ServeParameters.allowHost.info, expected: "a host name or address without a port or path", got: name)
    }
    return name
  }

  /// `host:port` as a URL has it: an IPv6 address bracketed.
  static func authority(_ host: String, _ port: UInt16) -> String {
    host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
  }

  func run(_ context: CommandContext) throws(IAPError) -> ExitCode {
    let globals = context.globals
    let environment = context.workspace.environment
    // Asked once: a console is made per request, and stderr stays what it was.
    let color = Console.colorsDiagnostics(environment: environment)
    // A server beyond loopback is reached by whichever of its addresses the client knows; an
    // address in Host is never a rebinding attack's, which needs a name.
    let access = ServerAccess(hosts: HTTPHostAllowList(names: allowedHosts, anyAddress: remote), controlToken: controlToken)
    let shared = sharedKeys ? try context.workspace.shareKeys() : nil
    let router = ServerRouter(statePath: Workspace.statePath(globals.state, environment: environment), access: access, sharedKeys: shared) {
      namespace in
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
      let failure = CLIError.cannotServe(address: Self.authority(host, port), reason: error.description)
      CLI.report(failure, json: globals.json, console: context.console)
      return failure.exitCode
    }
    server.start()
    context.console.line("http://" + Self.authority(host, server.port))
    context.console.flush()
    if remote && controlToken == nil {
      context.console.warning(
        "the control plane on \(Self.authority(host, server.port)) has no authentication: whoever reaches this port can buy, refund and reset (--control-token TOKEN requires a token)")
    }
    let signals = TerminationSignal()
    // Temporary namespaces idle past their time go within a second of it; Production's
    // retries that a running clock brings due go within ten seconds, without a request.
    let stopping = Locked(false)
    DetachedThread.start {
      var seconds = 0
      while !stopping.withLock({ $0 }) {
        Pause.upTo(seconds: 1)
        router.deleteIdleNamespaces()
        seconds += 1
        if seconds % 10 == 0 { router.deliverDueRetries() }
      }
    }
    _ = signals.wait()
    // Requests under way are answered first; but one that waits for the state's lock, held
    // by another process, could wait for ever: a second signal, or 5 s, ends the wait.
    let left = server.stop(waitingAtMost: 5_000) { signals.wait(timeoutMilliseconds: 0) != nil }
    signals.restore()
    stopping.withLock { $0 = true }
    router.deleteTemporaryNamespaces()
    if let shared {
      do { try context.workspace.unshareKeys(shared) } catch { context.console.warning("the shared key \(shared.key.keyId) stays registered: \(error.userMessages.joined(separator: "; "))") }
    }
    if left > 0 {
      context.console.warning(
        "stopped with \(left) request\(left == 1 ? "" : "s") unanswered (waiting for the state's lock, which another process holds, most likely)")
    }
    return .success
  }
}

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import IAPSystem

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A small HTTP/1.1 server on POSIX sockets: what `iap serve` answers the App Store Server
/// API with, on the developer's own machine.
///
/// `init` binds and listens (so the port, the kernel's choice for port 0, is known at once),
/// `start()` accepts on a thread of its own, and each connection is served on a thread of its
/// own (`HTTPConnection`), at most `Configuration.maxConnections` at a time: the handler is
/// synchronous and takes file locks, which a thread per connection suits, and a local test
/// server has a handful of clients. Slow and idle clients cannot hold the slots: a new
/// connection must send its first byte within `firstByteTimeoutMilliseconds` and its whole
/// request head within `headTimeoutMilliseconds`, and when the slots run out (or its address
/// holds its share) it takes the slot of a connection that is not being answered
/// (`HTTPConnectionSlots`). Only when every slot is busy answering is it answered 503 and
/// closed rather than left waiting in the kernel's queue.
///
/// `stop()` closes the listener, closes idle connections, lets requests under way finish
/// (answered with `Connection: close`), and returns once every connection thread has ended.
///
/// Plain HTTP only; which address to listen on (loopback, as a rule) is the caller's choice.
///
/// ```swift
/// let server = try HTTPServer(host: "127.0.0.1", port: 8080) { request in .json(...) }
/// server.start()
/// _ = TerminationSignal.wait()
/// server.stop()
/// ```
package final class HTTPServer: Sendable {
  /// Answers one request. Called on the connection's thread, one request at a time per
  /// connection and concurrently across connections.
  package typealias Handler = @Sendable (HTTPRequest) -> HTTPResponse

  /// Limits and timeouts.
  package struct Configuration: Sendable {
    /// Connections served at once (slots); a new one past them takes the slot of one that
    /// is not being answered, else it is answered 503.
    package var maxConnections = 128
    /// The slots one client address may hold; past it, a new connection from that address
    /// takes the slot of one of its own that is not being answered, else it is answered 503.
    /// The rest are kept for other addresses.
    package var perAddressShare = 96
    /// How long a new connection may take to send the first byte of its first request.
    package var firstByteTimeoutMilliseconds = 2_000
    /// How long a kept-alive connection may wait for the first byte of its next request.
    package var idleTimeoutMilliseconds = 5_000
    /// How long a request's head (request line and header fields) may take to arrive, from
    /// its first byte.
    package var headTimeoutMilliseconds = 3_000
    /// How long a request may take to arrive, from its first byte to its last.
    package var requestTimeoutMilliseconds = 10_000
    /// How long writing one response may take.
    package var writeTimeoutMilliseconds = 10_000
    /// The parser's size limits.
    package var limits = HTTPRequestParser.Limits()

    package init() {}
  }

  /// The address as given (`127.0.0.1`, `::1`, `localhost`).
  package let host: String
  /// The port listened on: the one asked for, or the one the kernel chose for 0.
  package let port: UInt16
  package let configuration: Configuration

  private let handler: Handler
  private let listener: Int32
  /// Who holds each connection slot, and what it is doing.
  private let slots: HTTPConnectionSlots
  /// A pipe whose read end becomes readable, for good, when the server stops: it wakes the
  /// accept loop and idle connections out of `poll` (closing a descriptor another thread
  /// polls does not wake it on Linux).
  private let wakeRead: Int32
  private let wakeWrite: Int32
  /// Where the server is in its life, inside its lock; a thread that ends wakes `stop()`.
  private let state = Locked(LifeState())

  /// Where the server is in its life: what `start()`, `stop()` and the threads share.
  private struct LifeState {
    /// `start()` was called (or the listener was closed without it).
    var started = false
    /// `stop()` was called.
    var stopping = false
    /// The accept loop is running.
    var accepting = false
    /// Connection threads running.
    var connections = 0
    /// The wake pipe is closed: the server has stopped.
    var closed = false
  }

  /// Binds `host:port` and listens. `host` is an IP address (`127.0.0.1`, `::1`) or
  /// `localhost` (127.0.0.1); port 0 lets the kernel choose, which `port` then tells.
  package init(host: String = "127.0.0.1", port: UInt16 = 0, configuration: Configuration = Configuration(), handler: @escaping Handler)
    throws(HTTPServerError)
  {
    let (listener, actualPort) = try HTTPSocket.listen(host: host, port: port)
    var fds: [Int32] = [0, 0]
    let piped = pipe(&fds)
    if piped == 0 {
      for fd in fds {
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        _ = fcntl(fd, F_SETFL, O_NONBLOCK)
      }
    }
    guard piped == 0 else {
      let code = errno
      close(listener)
      throw HTTPServerError(operation: "pipe for", address: host, code: code)
    }
    self.host = host
    self.port = actualPort
    self.configuration = configuration
    self.handler = handler
    self.listener = listener
    self.wakeRead = fds[0]
    self.wakeWrite = fds[1]
    self.slots = HTTPConnectionSlots(capacity: configuration.maxConnections, share: configuration.perAddressShare)
  }

  deinit {
    // Only a server never started or already stopped gets here: the threads hold it.
    let life = state.current
    if !life.closed {
      if !life.started { close(listener) }
      close(wakeRead)
      close(wakeWrite)
    }
  }

  /// Connections being served now.
  package var activeConnections: Int { state.withLock { $0.connections } }

  /// Connections whose request is being answered now (the rest may be taken back by a
  /// newcomer): what a test waits on, since a client reads its answer a moment before the
  /// server's thread marks the connection idle again.
  package var busyConnections: Int { slots.busyCount }

  /// Starts accepting connections on a thread of its own, and returns. Once only.
  package func start() {
    state.withLock { state in
      guard !state.started, !state.stopping else { return }
      state.started = true
      state.accepting = true
      DetachedThread.start { [self] in acceptLoop() }
    }
  }

  /// Stops: closes the listener and idle connections, waits for requests under way to be
  /// answered, and returns when every connection is closed. Safe to call more than once, and
  /// from several threads; later calls wait as the first does.
  package func stop() {
    let first = beginStopping()
    state.withLock(when: { !$0.accepting && $0.connections == 0 }) { state in
      // A server never started had no threads to wait for: only its listener to close.
      if first && !state.started { close(listener) }
      guard !state.closed else { return }
      state.closed = true
      close(wakeRead)
      close(wakeWrite)
    }
  }

  /// Marks the server stopping and wakes the accept loop; true for the first caller, which
  /// closes the listener.
  private func beginStopping() -> Bool {
    let first = state.withLock { state in
      defer { state.stopping = true }
      return !state.stopping
    }
    if first {
      var byte: UInt8 = 1
      _ = write(wakeWrite, &byte, 1)
    }
    return first
  }

  /// `stop()`, but waiting at most `milliseconds` for the requests under way, or until
  /// `giveUp` says so (checked every 20 ms): a handler waiting for a lock another process
  /// holds must not hold the process for ever. Returns how many connections were still
  /// being served; their threads are left to end with the process.
  package func stop(waitingAtMost milliseconds: Int, giveUp: () -> Bool = { false }) -> Int {
    let first = beginStopping()
    let deadline = Deadline(milliseconds: milliseconds)
    while true {
      let left = state.withLock { state in
        if first && !state.started {
          state.started = true  // the listener is closed once
          close(listener)
        }
        return state.accepting ? max(state.connections, 1) : state.connections
      }
      if left == 0 {
        stop()
        return 0
      }
      if deadline.hasPassed || giveUp() { return left }
      usleep(20_000)
    }
  }

  private var isStopping: Bool { state.withLock { $0.stopping } }

  private func acceptLoop() {
    // Once a minute with nothing to do, which costs nothing; the wake pipe ends the wait.
    while HTTPSocket.wait(listener, wake: wakeRead, until: Deadline(seconds: 60)) != .woken {
      guard let (fd, address) = HTTPSocket.accept(listener) else {
        // Out of descriptors (EMFILE) or a connection reset before it was accepted: pause
        // rather than spin while the condition lasts.
        if errno == EMFILE || errno == ENFILE || errno == ENOBUFS || errno == ENOMEM { usleep(50_000) }
        continue
      }
      let slot = isStopping ? nil : slots.admit(fd: fd, address: address)
      guard let slot else {
        let busy = HTTPResponse.text("too many connections\n", status: 503)
        _ = HTTPSocket.send(busy.serialized(closing: true), on: fd, by: Deadline(milliseconds: 100))
        HTTPSocket.close(fd, lingering: false)
        continue
      }
      state.withLock { $0.connections += 1 }
      let connection = HTTPConnection(
        fd: fd, wake: wakeRead, configuration: configuration, handler: handler, slots: slots, slot: slot,
        isStopping: { [self] in isStopping })
      DetachedThread.start { [self] in
        connection.serve()
        state.withLockWakingWaiters { $0.connections -= 1 }
      }
    }
    close(listener)
    state.withLockWakingWaiters { $0.accepting = false }
  }
}

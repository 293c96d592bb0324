import Foundation
import Testing
@testable import IAPSystem
@testable import IAPHTTP

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The helper a server front end waits on. Tested with SIGUSR2, which nothing else in the
/// test process uses: SIGINT and SIGTERM are what the download tests catch, in parallel.
@Suite(.serialized) struct TerminationSignalTests {
  @Test func aSignalSentToTheProcessIsReturned() {
    let catching = TerminationSignal(catching: [SIGUSR2])
    defer { catching.restore() }
    #expect(catching.wait(timeoutMilliseconds: 50) == nil, "nothing yet")
    kill(getpid(), SIGUSR2)
    #expect(catching.wait(timeoutMilliseconds: 3_000) == SIGUSR2)
  }

  @Test func aSignalBlockedByTheParentIsUnblockedAndThenBlockedAgain() {
    var blocked = sigset_t()
    sigemptyset(&blocked)
    sigaddset(&blocked, SIGUSR2)
    var original = sigset_t()
    pthread_sigmask(SIG_BLOCK, &blocked, &original)
    defer { pthread_sigmask(SIG_SETMASK, &original, nil) }

    let catching = TerminationSignal(catching: [SIGUSR2])
    var now = sigset_t()
    pthread_sigmask(SIG_SETMASK, nil, &now)
    #expect(sigismember(&now, SIGUSR2) == 0, "unblocked on this thread")
    // Sent to this very thread, which alone had it blocked.
    pthread_kill(pthread_self(), SIGUSR2)
    #expect(catching.wait(timeoutMilliseconds: 3_000) == SIGUSR2)
    catching.restore()
    pthread_sigmask(SIG_SETMASK, nil, &now)
    #expect(sigismember(&now, SIGUSR2) == 1, "the mask is put back")
  }

  @Test func aServerStopsOnTheSignal() throws {
    let server = try HTTPServer(host: "127.0.0.1", port: 0, handler: HTTPServerTests.echo)
    server.start()
    let client = try HTTPTestClient(port: server.port)
    #expect(try client.request("GET", "/").status == 200)
    let caught = LockedBox<Int32?>(nil)
    let done = DispatchSemaphore(value: 0)
    let ready = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
      let catching = TerminationSignal(catching: [SIGUSR2])
      ready.signal()
      let number = catching.wait(timeoutMilliseconds: 5_000)
      catching.restore()
      caught.withLock { $0 = number }
      server.stop()
      done.signal()
    }
    #expect(ready.wait(timeout: .now() + 3) == .success)
    kill(getpid(), SIGUSR2)
    #expect(done.wait(timeout: .now() + 5) == .success)
    #expect(caught.withLock { $0 } == SIGUSR2)
    #expect(client.isClosedByServer())
  }
}

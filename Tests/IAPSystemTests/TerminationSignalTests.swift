import Foundation
import Testing

@testable import IAPSystem

/// Several installations catching one signal at once, as downloads run in parallel in one
/// process: each gets the signal, and the handler that was there before the first comes back
/// only when the last one is restored. Tested with SIGUSR1, which nothing else in the test
/// process uses.
@Suite(.serialized) struct TerminationSignalTests {
  @Test func everyInstallationGetsTheSignalAndTheLastOnePutsTheHandlerBack() {
    let before = signal(SIGUSR1, SIG_IGN)
    defer { signal(SIGUSR1, before) }
    let first = TerminationSignal(catching: [SIGUSR1])
    let second = TerminationSignal(catching: [SIGUSR1])
    #expect(first.received == nil && second.received == nil, "nothing yet")
    kill(getpid(), SIGUSR1)
    #expect(first.wait(timeoutMilliseconds: 3_000) == SIGUSR1)
    #expect(second.wait(timeoutMilliseconds: 3_000) == SIGUSR1)
    #expect(first.received == SIGUSR1, "the first signal stays received")

    first.restore()
    kill(getpid(), SIGUSR1)
    #expect(second.wait(timeoutMilliseconds: 3_000) == SIGUSR1, "still caught for the one left")
    second.restore()
    let now = signal(SIGUSR1, SIG_IGN)
    #expect(unsafeBitCast(now, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self), "the handler from before is back")
  }
}

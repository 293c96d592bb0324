import Foundation
import Testing
@testable import IAPHTTP
import IAPSystem

/// `HTTPHandlerGate`: at most `width` handlers at once, in the order they came, and none
/// waits past its patience (a handler stuck on a lock does not hold up the rest for good).
@Suite struct HTTPHandlerGateTests {
  /// Runs `count` threads through `gate`, each calling `body(index)`, started `spacing` ms
  /// apart so that their order of arrival is known; returns when all are done.
  func run(_ count: Int, through gate: HTTPHandlerGate, spacingMilliseconds: Int = 5, _ body: @escaping @Sendable (Int) -> Void) {
    let done = DispatchGroup()
    for index in 0..<count {
      done.enter()
      Thread.detachNewThread {
        gate.pass { body(index) }
        done.leave()
      }
      usleep(UInt32(spacingMilliseconds * 1000))
    }
    done.wait()
  }

  @Test func atMostWidthRunAtOnceInTheOrderTheyCame() {
    let gate = HTTPHandlerGate(width: 2, patienceMilliseconds: 10_000)
    let seen = Locked<(order: [Int], most: Int)>(([], 0))
    run(8, through: gate) { index in
      seen.withLock { $0.order.append(index); $0.most = max($0.most, gate.running) }
      usleep(20_000)
    }
    let result = seen.current
    #expect(result.most == 2)
    #expect(result.order == Array(0..<8), "first come, first in")
    #expect(gate.running == 0)
  }

  @Test func aHandlerThatRunsOutOfPatienceGoesInAnyway() {
    let gate = HTTPHandlerGate(width: 1, patienceMilliseconds: 50)
    let release = DispatchSemaphore(value: 0)
    let stuck = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
      gate.pass {
        stuck.signal()
        release.wait()  // a handler waiting for a lock a command holds
      }
    }
    stuck.wait()
    let started = Date()
    let waited = gate.pass { Date().timeIntervalSince(started) }
    #expect(waited >= 0.045 && waited < 2, "waited its patience, then ran (\(waited) s)")
    release.signal()
    // The turn moved past the one that went in out of turn: the next goes straight in.
    usleep(20_000)
    let next = Date()
    gate.pass {}
    #expect(Date().timeIntervalSince(next) < 0.045)
  }
}

import Foundation
import IAPTesting
import Testing

@testable import IAPCore
@testable import IAPHTTP
@testable import IAPKit
@testable import IAPServer
@testable import IAPStorage

/// The update stream's positions: an event id names a record boundary of one log generation,
/// and whatever else a client sends starts the stream over; nothing a client sends marks the
/// state damaged.
@Suite struct UpdateStreamTests {
  let harness = TestHarness()

  func workspace(namespace: String? = nil) -> Workspace {
    let now = harness.now
    return Workspace(
      namespace: namespace, environment: Environment(variables: [:], currentDirectory: harness.directory, now: { now }),
      console: Console(out: { _ in }, err: { _ in }))
  }

  /// The store still answers every command, and the doctor finds it healthy.
  func expectHealthy(_ comment: Comment) {
    #expect(harness.run("queue").status == 0, comment)
    #expect(harness.run("doctor").status == 0, comment)
    #expect(!FileManager.default.fileExists(atPath: harness.directory + "/.iap/damaged"), comment)
  }

  @Test(arguments: ["1", "0-1-0", "1234", "abc", "ffffffff-99999999-0", "1-2-3-4", "-1", ""])
  func anIdThatIsNoBoundaryStartsOverAndDamagesNothing(id: String) throws {
    harness.run("buy sword")
    let response = harness.send("GET", "/iap/v1/transactions/updates?lastEventId=" + id)
    #expect(response.status == 200)
    #expect(response.headers["Content-Type"] == "text/event-stream")
    expectHealthy("after lastEventId=\(id)")
  }

  @Test func aNewListenerGetsTheUnfinishedThenEachNewVersion() throws {
    harness.run("buy sword")
    harness.run("buy shield --finish")
    let store = workspace()
    let first = try store.transactionUpdates(after: nil)
    #expect(first.restarted)
    #expect(first.transactions.map(\.transaction.productId) == ["sword"], "the unfinished only, as at launch")
    #expect(first.transactions.last?.position == first.position)
    harness.run("buy gems")
    harness.run("finish 1")
    let next = try store.transactionUpdates(after: first.position)
    #expect(!next.restarted)
    #expect(next.transactions.map(\.transaction.productId) == ["gems", "sword"], "the purchase, then the finish")
    #expect(next.transactions.last?.position == next.position)
    // Each event id resumes just after its own version, none twice.
    let middle = try #require(next.transactions[0].position)
    let resumed = try store.transactionUpdates(after: LogPosition(middle.description))
    #expect(!resumed.restarted)
    #expect(resumed.transactions.map(\.transaction.productId) == ["sword"])
    #expect(try store.transactionUpdates(after: next.position).transactions.isEmpty)
  }

  @Test func aPositionMovedOffItsRecordStartsOver() throws {
    harness.run("buy sword")
    harness.run("buy shield")
    let store = workspace()
    let end = try store.transactionUpdates(after: nil).position
    for moved in [
      LogPosition(generation: end.generation, offset: end.offset - 1, previous: end.previous),
      LogPosition(generation: end.generation, offset: end.offset + 1, previous: end.previous),
      LogPosition(generation: end.generation &+ 1, offset: end.offset, previous: end.previous),
      LogPosition(generation: end.generation, offset: end.offset, previous: end.previous &+ 1),
    ] {
      #expect(try store.transactionUpdates(after: moved).restarted, "\(moved)")
    }
    #expect(try store.transactionUpdates(after: .start).transactions.count == 2, "the start of the log is a boundary of every log")
    expectHealthy("after moved positions")
  }

  @Test func aPositionFromBeforeAResetStartsOverInTheNewStore() throws {
    harness.run("buy sword")
    harness.run("buy shield")
    let store = workspace()
    let old = try store.transactionUpdates(after: nil).position
    harness.run("reset")
    // The new log grows past the old position, with records of other lengths.
    for _ in 0..<4 { harness.run("buy gems") }
    let after = try store.transactionUpdates(after: old)
    #expect(after.restarted)
    #expect(after.transactions.map(\.transaction.productId) == ["gems", "gems", "gems", "gems"])
    expectHealthy("after a reset under a listener")
  }

  @Test func aNamespaceDeletedAndMadeAgainIsANewStoreToItsListener() throws {
    let store = workspace(namespace: "suite")
    harness.run("--namespace suite buy sword")
    let old = try store.transactionUpdates(after: nil).position
    _ = try store.deleteNamespace()
    for _ in 0..<3 { harness.run("--namespace suite buy gems --finish") }
    let after = try store.transactionUpdates(after: old)
    #expect(after.restarted && after.transactions.isEmpty, "nothing is unfinished in the new namespace")
    let next = try store.transactionUpdates(after: after.position)
    #expect(next.transactions.isEmpty)
    harness.run("--namespace suite buy shield")
    #expect(try store.transactionUpdates(after: after.position).transactions.map(\.transaction.productId) == ["shield"])
    #expect(harness.run("--namespace suite doctor").status == 0)
  }
}

import Foundation
import Testing

@testable import IAPCore
@testable import IAPStorage

/// The namespace limit is kept where a namespace is made, under the state's lock: makers of
/// the last namespaces at once cannot all pass.
@Suite struct NamespaceMakingTests {
  let temporary = TemporaryFolder()
  var state: String { temporary.directory + "/.iap" }
  var namespaces: String { state + "/namespaces" }

  /// Fills the state with `count` namespaces (`n0`, `n1`, …), made by the use that makes them.
  func makeNamespaces(_ count: Int) throws {
    for n in 0..<count { _ = try StateDirectory(namespace: "n\(n)", in: state).open(forWriting: true) }
  }

  func names() throws -> [String] { try FileManager.default.contentsOfDirectory(atPath: namespaces) }

  /// Eight makers of a new namespace at once, when there is room for two: the count and the
  /// making are one step under the state's lock, so exactly two are made, whatever the order.
  @Test func makersOfTheLastNamespacesAtOnceCannotAllPass() throws {
    try makeNamespaces(Namespace.limit - 2)
    let state = self.state
    for round in 0..<4 {
      let outcomes = Outcomes()
      let start = DispatchSemaphore(value: 0)
      let done = DispatchGroup()
      for maker in 0..<8 {
        done.enter()
        Thread {
          defer { done.leave() }
          start.wait()
          do {
            _ = try StateDirectory(namespace: "r\(round)m\(maker)", in: state).open(forWriting: true)
            outcomes.add("made")
          } catch let error as StateError where error == .refused(.namespaceLimit(Namespace.limit)) {
            outcomes.add("refused")
          } catch {
            outcomes.add("\(error)")
          }
        }.start()
      }
      for _ in 0..<8 { start.signal() }
      done.wait()
      #expect(outcomes.sorted == ["made", "made"] + Array(repeating: "refused", count: 6))
      #expect(try names().count == Namespace.limit)
      // Room for two again, for the next round.
      for name in try names() where name.hasPrefix("r\(round)") {
        try StateDirectory(namespace: name, in: state).deleteNamespace()
      }
    }
  }

  /// What the makers answered.
  final class Outcomes: @unchecked Sendable {
    private let lock = NSLock()
    private var all: [String] = []

    func add(_ outcome: String) { lock.withLock { all.append(outcome) } }
    var sorted: [String] { lock.withLock { all.sorted() } }
  }
}

import Foundation
import IAPTesting
import Testing

@testable import IAPCore
@testable import IAPFormats
@testable import IAPHTTP
@testable import IAPKit
@testable import IAPServer
@testable import IAPStorage

/// Deleting a namespace while requests to it are under way, over loopback HTTP: the deletion
/// waits for them (or answers 409), no request is answered 500, and no folder is left behind.
@Suite struct NamespaceDeletionTests {
  let harness = TestHarness()
  /// What a change says, as the control plane asks.
  static let json = [("Content-Type", "application/json")]

  /// `iap serve` in process over the harness's state: one router, so that what it keeps for a
  /// store lives across the requests, as in the real server.
  func withServer(_ body: (String) throws -> Void) throws {
    let router = harness.router
    let server = try HTTPServer(host: "127.0.0.1", port: 0) { router.respond($0) }
    server.start()
    defer { server.stop() }
    try body("http://127.0.0.1:\(server.port)")
  }

  /// What the workers saw: each request and status with how often, and the answers that
  /// are failures: the server's (500 or more), or refusals other than a busy namespace's
  /// (a request that found its namespace deleted again and again while it waited).
  final class Tally: @unchecked Sendable {
    private let lock = NSLock()
    private(set) var statuses: [String: Int] = [:]
    private(set) var failures: [String] = []

    func record(_ what: String, _ response: HTTPClient.Response) {
      let busy = response.status == 409 && response.json?["error"]?["name"]?.stringValue == "namespaceBusy"
      lock.withLock {
        statuses["\(what) \(response.status)", default: 0] += 1
        if response.status >= 400 && !busy { failures.append("\(what) \(response.status): \(String(decoding: response.body, as: UTF8.self))") }
      }
    }

    func record(_ what: String, failure: String) { lock.withLock { failures.append("\(what): \(failure)") } }
  }

  @Test func deletingANamespaceUnderLoadWaitsForItsRequestsAndAnswersNo500() throws {
    try withServer { url throws in
      let base = url + "/ns/busy/iap/v1"
      let tally = Tally()
      // Requests that read and write the store, the state's lock taken shared and exclusive.
      let requests: [(String, String, String?)] = [
        ("POST", "/purchases", #"{"productId": "gems"}"#), ("GET", "/transactions", nil), ("GET", "/status", nil),
        ("POST", "/purchases", #"{"productId": "sword"}"#), ("GET", "/products", nil), ("GET", "/transactions/unfinished", nil),
      ]
      let workers = 6
      let perWorker = 40
      let group = DispatchGroup()
      for worker in 0..<workers {
        group.enter()
        Thread {
          defer { group.leave() }
          for n in 0..<perWorker {
            let (method, path, body) = requests[(worker + n) % requests.count]
            do {
              tally.record("\(method) \(path)", try HTTPClient.send(method, base + path, headers: Self.json, body: body.map { Array($0.utf8) }))
            } catch {
              tally.record("\(method) \(path)", failure: "\(error)")
            }
          }
        }.start()
      }
      // Two deleters, one after the other or at once, while the workers run (each ends
      // within its requests' 10 s timeouts); then one deletion after they are done.
      let deleters = DispatchGroup()
      for _ in 0..<2 {
        deleters.enter()
        Thread {
          defer { deleters.leave() }
          repeat {
            Thread.sleep(forTimeInterval: 0.01)
            do { tally.record("DELETE", try HTTPClient.send("DELETE", base, headers: Self.json)) } catch { tally.record("DELETE", failure: "\(error)") }
          } while group.wait(timeout: .now()) == .timedOut
        }.start()
      }
      deleters.wait()
      #expect(try HTTPClient.send("DELETE", base, headers: Self.json).status == 200)

      #expect(tally.failures.isEmpty, "\(tally.failures.prefix(3)) of \(tally.statuses)")
      #expect(tally.statuses["DELETE 200", default: 0] > 0, "\(tally.statuses)")
      let namespaces = harness.directory + "/.iap/namespaces"
      #expect(try FileManager.default.contentsOfDirectory(atPath: namespaces) == [], "nothing left, hidden or not")
      // And the name is usable again, a store afresh.
      #expect(try HTTPClient.send("GET", base + "/transactions").json?.transactions.isEmpty == true)
    }
  }

  /// What holds the namespace's lock is waited for; what does not let go in time makes the
  /// deletion a refusal that deletes nothing, as does a download under way.
  @Test func aDeletionWaitsForWhatHoldsTheNamespaceOrRefusesWithNothingDeleted() throws {
    let directory = StateDirectory(namespace: "held", in: harness.directory + "/.iap")
    _ = try directory.open(forWriting: true)
    let files = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
    // A request reading the store: the state's lock, shared.
    let reader = open(directory.path + "/lock", O_RDWR)
    #expect(flock(reader, LOCK_SH) == 0)
    #expect(throws: StateError.refused(.namespaceBusy("held", reason: "requests to it did not finish within 200 ms; nothing was deleted, try again"))) {
      try directory.deleteNamespace(waitingAtMost: 200)
    }
    // The delivery lock, waited for first, was made; nothing else changed.
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0 != "delivery.lock" }.sorted() == files)
    // Let go while the deletion waits: it goes ahead.
    Thread {
      Thread.sleep(forTimeInterval: 0.1)
      close(reader)
    }.start()
    try directory.deleteNamespace(waitingAtMost: 5_000)
    #expect(!FileManager.default.fileExists(atPath: directory.path))
    #expect(try FileManager.default.contentsOfDirectory(atPath: harness.directory + "/.iap/namespaces") == [])

    // A process copying hosted content into the namespace holds its download's lock.
    _ = try directory.open(forWriting: true)
    try FileManager.default.createDirectory(atPath: directory.path + "/downloading", withIntermediateDirectories: false)
    let claim = open(directory.path + "/downloading/pack.lock", O_RDWR | O_CREAT, 0o600)
    #expect(flock(claim, LOCK_EX) == 0)
    #expect(throws: StateError.refused(.namespaceBusy("held", reason: "the download of 'pack' is under way; nothing was deleted, try again"))) {
      try directory.deleteNamespace(waitingAtMost: 200)
    }
    close(claim)
    try directory.deleteNamespace()
    #expect(!FileManager.default.fileExists(atPath: directory.path))
  }
}

import Foundation
import IAPFormats
import IAPHTTP
import IAPSystem

/// One store of an `iap serve`: its URL and namespace, where every StoreKit call made for it
/// goes (the control plane, `docs/control-api.md`), the keys its signed values verify with,
/// and what its purchases returned.
///
/// Calls from async code are answered off Swift's cooperative pool: each request runs on a
/// thread of its own and the caller's task is resumed with the answer, so tests running in
/// parallel on few cores never starve the pool while the store answers.
package final class StoreConnection: Sendable {
  /// `http://HOST:PORT`, without a trailing slash.
  package let url: String
  /// The namespace, or nil for the server's own store.
  package let namespace: String?
  /// `url` + the namespace + `/iap/v1`.
  package let base: String
  /// The store's keys, fetched once (`GET /iap/v1/verification`).
  package let verifier: TransactionVerifier
  /// Ids of the transactions `purchase` returned: `Transaction.updates` does not hand them
  /// over again until they change, as StoreKit leaves out what the app's own purchase returned.
  package let returnedByPurchase = PurchasedIds()
  /// The errors a test session chose for the store's simulated failures, which calls the
  /// store fails throw.
  package let simulatedErrors = SimulatedErrors()

  package init(url: String, namespace: String?) {
    let trimmed = url.hasSuffix("/") ? String(url.dropLast()) : url
    self.url = trimmed
    self.namespace = namespace
    let base = trimmed + (namespace.map { "/ns/" + $0 } ?? "") + "/iap/v1"
    self.base = base
    verifier = TransactionVerifier { () throws(StoreConnectionError) -> TransactionVerifier.Keys in
      try TransactionVerifier.Keys(try StoreConnection.send("GET", base + "/verification"))
    }
  }

  /// `method path` (a path under `base`, with its query), the answer's JSON; answered on a
  /// thread of its own while the calling task waits.
  package func call(_ method: String, _ path: String, body: JSONValue? = nil) async throws(StoreConnectionError) -> JSONValue {
    let url = base + path
    let result = await Self.offPool { () throws(StoreConnectionError) in try Self.send(method, url, body: body) }
    return try result.get()
  }

  /// The same call on the calling thread, for code that has a thread of its own to block
  /// (StoreKit 1's queue, a test session's set-up).
  package func callBlocking(_ method: String, _ path: String, body: JSONValue? = nil) throws(StoreConnectionError) -> JSONValue {
    try Self.send(method, base + path, body: body)
  }

  /// Opens the event stream at `path` (blocking for its head only); the stream's reads
  /// block, for a thread of the caller's own.
  package func openStream(_ path: String) throws(StoreConnectionError) -> HTTPResponseStream {
    do {
      let stream = try HTTPClient.open("GET", base + path, headers: Self.headers, timeout: 30)
      guard stream.status == 200 else {
        stream.close()
        throw StoreConnectionError(status: stream.status, name: "http\(stream.status)", message: "\(base + path) answered \(stream.status)")
      }
      return stream
    } catch let error as StoreConnectionError {
      throw error
    } catch {
      throw StoreConnectionError(status: 0, name: "unreachable", message: "\(base + path): \(error)")
    }
  }

  /// What every request says: its body is JSON, which a page of another site cannot send.
  static let headers = [("Content-Type", "application/json"), ("Accept", "application/json")]

  /// One request and its JSON answer, or the store's error.
  static func send(_ method: String, _ url: String, body: JSONValue? = nil) throws(StoreConnectionError) -> JSONValue {
    let answer: HTTPClient.Response
    // A change is sent with a JSON body, an empty object when it has nothing to say.
    let bytes = body.map { Array(JSONWriter.compact($0).utf8) } ?? (method == "GET" ? nil : Array("{}".utf8))
    do {
      answer = try HTTPClient.send(method, url, headers: headers, body: bytes)
    } catch {
      throw StoreConnectionError(status: 0, name: "unreachable", message: "\(url): \(error.reason)")
    }
    let json = answer.json ?? .null
    guard (200..<300).contains(answer.status) else {
      throw StoreConnectionError(
        status: answer.status, name: json["error"]?["name"]?.stringValue ?? "http\(answer.status)",
        message: json["error"]?["message"]?.stringValue ?? "the store answered \(answer.status)")
    }
    return json
  }

  /// Runs `work` on a thread of its own and resumes the calling task with its result.
  package static func offPool<T: Sendable, Failure: Error>(_ work: @escaping @Sendable () throws(Failure) -> T) async -> Result<T, Failure> {
    await withCheckedContinuation { continuation in
      DetachedThread.start { continuation.resume(returning: Result { () throws(Failure) in try work() }) }
    }
  }

  /// `text` escaped for a query string or a path segment.
  package static func escape(_ text: String) -> String {
    var out = ""
    for byte in text.utf8 {
      let c = Character(Unicode.Scalar(byte))
      if c.isASCII && (c.isLetter || c.isNumber || "-._~".contains(c)) {
        out.append(c)
      } else {
        out += "%" + (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true)
      }
    }
    return out
  }
}

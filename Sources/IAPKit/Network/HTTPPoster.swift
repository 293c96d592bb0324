import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// POSTs JSON bodies: how notifications reach the user's server. Only the commands that
/// deliver notifications touch it, so nothing else loads the networking stack.
enum HTTPPoster {
  /// Why a delivery failed, in words.
  struct Failure: Error {
    var reason: String
  }

  /// POSTs `body` to `url` and waits for a 2xx answer (at most `timeout` seconds).
  static func post(_ body: [UInt8], to url: String, timeout: TimeInterval = 5) throws(Failure) {
    guard let target = URL(string: url) else { throw Failure(reason: "not a URL: \(url)") }
    var request = URLRequest(url: target, timeoutInterval: timeout)
    request.httpMethod = "POST"
    request.setValue("application/json", forHTTPHeaderField: "Content-Type")
    request.httpBody = Data(body)
    let done = DispatchSemaphore(value: 0)
    let outcome = Outcome()
    let task = URLSession.shared.dataTask(with: request) { _, response, error in
      if let error {
        outcome.set(error.localizedDescription)
      } else if let http = response as? HTTPURLResponse, !(200..<300).contains(http.statusCode) {
        outcome.set("the server answered HTTP \(http.statusCode)")
      }
      done.signal()
    }
    task.resume()
    if done.wait(timeout: .now() + timeout + 1) == .timedOut {
      task.cancel()
      throw Failure(reason: "no answer within \(Int(timeout)) seconds")
    }
    if let reason = outcome.get() { throw Failure(reason: reason) }
  }

  /// The failure a URLSession callback reports, handed across threads.
  private final class Outcome: @unchecked Sendable {
    private let lock = NSLock()
    private var reason: String?
    func set(_ text: String) { lock.lock(); reason = text; lock.unlock() }
    func get() -> String? { lock.lock(); defer { lock.unlock() }; return reason }
  }
}

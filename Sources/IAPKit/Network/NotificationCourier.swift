import IAPCore

/// Delivers sent notifications to the user's server, in order, each exactly once: a server
/// that is down or answers non-2xx stops the round, and what is pending is retried at the next
/// command. `deliveries.json` counts how many have been delivered.
package enum NotificationCourier {
  /// What a delivery round did.
  package struct Round {
    package var delivered = 0
    package var pending = 0
    package var failure: String?
  }

  /// How many notifications have reached the URL.
  package static func deliveredCount(_ session: StateSession) throws(IAPError) -> Int {
    let path = session.directory.deliveriesPath
    do {
      guard let bytes = try POSIXFile.readIfExists(path) else { return 0 }
      guard let count = (try? JSONParser.parse(bytes))?["delivered"]?.intValue, count >= 0 else {
        throw IAPError.stateUnreadable(path: path, reason: "expected {\"delivered\": N}")
      }
      return Int(count)
    } catch let error as IAPError {
      throw error
    } catch {
      throw .stateUnreadable(path: path, reason: "\(error)")
    }
  }

  /// Posts every undelivered notification (or all of them, with `resend`) to `url`.
  package static func deliver(_ session: StateSession, to url: String, signer: Signer, resend: Bool = false) throws(IAPError) -> Round {
    let total = session.state.notificationCount
    let already = try deliveredCount(session)
    var round = Round()
    let first = resend ? 0 : already
    guard first < total else { return round }
    let all = try session.sentNotifications()
    var reached = already
    for sequence in first..<min(total, all.count) {
      let body = JSONWriter.compact(.object([
        ("signedPayload", .string(NotificationPayload.signedPayload(all[sequence], sequence: sequence + 1, signer: signer)))
      ]))
      do {
        try HTTPPoster.post(Array(body.utf8), to: url)
      } catch {
        round.failure = error.reason
        break
      }
      round.delivered += 1
      reached = max(reached, sequence + 1)
    }
    round.pending = total - reached
    if reached != already {
      let json = JSONWriter.compact(.object([("delivered", .int(Int64(reached)))])) + "\n"
      do {
        try POSIXFile.replaceAtomically(session.directory.deliveriesPath, with: Array(json.utf8), directory: session.directory.path)
      } catch {
        throw .stateUnwritable(path: session.directory.path, reason: error.description)
      }
    }
    return round
  }
}

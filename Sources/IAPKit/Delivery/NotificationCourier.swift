import IAPCore
import IAPFormats
import IAPHTTP
import IAPStorage
import IAPSystem

/// Delivers sent notifications to the user's server, in order, each exactly once: a server
/// that is down, answers non-2xx or runs out the round's deadline stops the round, and what
/// is pending is retried at the next command. `deliveries.json` counts how many have been
/// delivered.
///
/// A round is three steps so that no server, however slow, holds the state's lock: the
/// bodies are prepared under the lock (`prepare`), posted without it (`post`, bounded by a
/// `Deadline`), and the count recorded under it again (`record`). Rounds of parallel
/// processes take turns on the delivery lock, so nothing is posted twice.
package enum NotificationCourier {
  /// What a delivery round did.
  package struct Round {
    package var delivered = 0
    package var pending = 0
    package var failure: String?
  }

  /// The notifications a round is to post, signed, in order.
  package struct Batch {
    /// How many had been delivered before the round.
    package var already: Int
    /// How many exist.
    package var total: Int
    /// (1-based sequence number, request body) of each to post.
    package var bodies: [(sequence: Int, body: [UInt8])]
    /// When the round runs, by the store's clock: the date of its send attempts.
    package var date = Timestamp(milliseconds: 0)
  }

  /// How many notifications have reached the URL.
  package static func deliveredCount(_ session: StateSession) throws(IAPError) -> Int {
    let path = session.directory.path + "/" + StateDirectory.Name.deliveries
    do {
      guard let bytes = try session.folder?.readIfExists(StateDirectory.Name.deliveries) else { return 0 }
      guard let count = (try? JSONParser.parse(bytes))?["delivered"]?.intValue, count >= 0 else {
        throw IAPError.state(.unreadable(path: path, reason: "expected {\"delivered\": N}"))
      }
      return Int(count)
    } catch let error as IAPError {
      throw error
    } catch {
      throw .state(.unreadable(path: path, reason: "\(error)"))
    }
  }

  /// The undelivered notifications (or all of them, with `resend`), signed by `signer`.
  package static func prepare(_ session: StateSession, signer: Signer, resend: Bool = false) throws(IAPError) -> Batch {
    let total = session.state.notificationCount
    let already = try deliveredCount(session)
    var batch = Batch(already: already, total: total, bodies: [])
    let first = resend ? 0 : already
    guard first < total else { return batch }
    let all = try IAPError.ofState(session.sentNotifications())
    for index in first..<min(total, all.count) {
      let body = JSONWriter.compact(.object([
        ("signedPayload", .string(NotificationPayload.signedPayload(all[index], sequence: index + 1, signer: signer)))
      ]))
      batch.bodies.append((index + 1, Array(body.utf8)))
    }
    return batch
  }

  /// Posts the batch in order until one fails or `deadline` passes. Takes no lock.
  /// - Returns: the round, how many are delivered now (the count to record), and the
  ///   attempts made (each success, and the failure that stopped the round).
  package static func post(_ batch: Batch, to url: String, deadline: Deadline) -> (round: Round, reached: Int, attempts: [SendAttempt]) {
    var round = Round()
    var reached = batch.already
    var attempts: [SendAttempt] = []
    for (sequence, body) in batch.bodies {
      do {
        try HTTPPoster.post(body, to: url, deadline: deadline)
      } catch {
        round.failure = error.reason
        attempts.append(SendAttempt(sequence: sequence, date: batch.date, result: error.kind.sendAttemptResult))
        break
      }
      attempts.append(SendAttempt(sequence: sequence, date: batch.date, result: SendAttempt.success))
      round.delivered += 1
      reached = max(reached, sequence)
    }
    round.pending = batch.total - reached
    return (round, reached, attempts)
  }

  /// Records the round's attempts, and that `reached` notifications are delivered (the
  /// session holds the exclusive lock).
  package static func record(_ reached: Int, attempts: [SendAttempt], in session: StateSession) throws(IAPError) {
    try IAPError.ofState(SendAttemptLog.append(attempts, in: session))
    guard reached > (try deliveredCount(session)) else { return }
    let json = JSONWriter.compact(.object([("delivered", .int(Int64(reached)))])) + "\n"
    do {
      try session.writableFolder.replaceAtomically(StateDirectory.Name.deliveries, with: Array(json.utf8))
    } catch {
      throw .state(.unwritable(path: session.directory.path, reason: error.description))
    }
  }
}

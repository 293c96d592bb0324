import IAPCore
import IAPFormats
import IAPHTTP
import IAPStorage
import IAPSystem

/// Delivers sent notifications to the user's server, each attempted as the environment's
/// `DeliverySchedule` says: in Xcode's environments in order, each exactly once, a server
/// that is down, answers non-2xx or runs out the round's deadline stopping the round and
/// what is pending retried at the next command; in Sandbox once each; in Production with
/// Apple's retries on the store's clock. `deliveries.json` counts how many, from the first,
/// are settled (delivered, or given up on).
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

  /// One notification a round is to post.
  package struct Item {
    /// Its 1-based sequence number.
    package var sequence: Int
    /// The request body, signed.
    package var body: [UInt8]
    /// When its attempts are due, by the store's clock; each later one is made only if the
    /// one before it failed.
    package var dates: [Timestamp]
    /// Its attempts before the round.
    package var previous: [SendAttempt] = []
  }

  /// The notifications a round is to post, signed, in order.
  package struct Batch {
    /// How many had been settled before the round.
    package var already: Int
    /// How many exist.
    package var total: Int
    /// Each to post.
    package var bodies: [Item]
    /// Those not settled whose next attempt is due later: they keep the settled count back.
    package var waiting: [Int] = []
    /// The schedule the round follows.
    package var schedule = DeliverySchedule.untilDelivered
    /// When the round runs, by the store's clock.
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

  /// The unsettled notifications whose attempts are due at `now` by `schedule` (or all of
  /// them, with `resend`, each posted once more in order), signed by `signer`.
  package static func prepare(
    _ session: StateSession, signer: Signer, schedule: DeliverySchedule = .untilDelivered, now: Timestamp, resend: Bool = false
  ) throws(IAPError) -> Batch {
    let total = session.state.notificationCount
    let already = try deliveredCount(session)
    var batch = Batch(already: already, total: total, bodies: [], schedule: resend ? .untilDelivered : schedule, date: now)
    let first = resend ? 0 : already
    guard first < total else { return batch }
    let all = try IAPError.ofState(session.sentNotifications())
    let attempts = resend ? [:] : try IAPError.ofState(SendAttemptLog.read(session))
    for index in first..<min(total, all.count) {
      let previous = attempts[index + 1] ?? []
      let dates: [Timestamp]
      switch batch.schedule.standing(of: previous, now: now) {
      case .settled where !resend: continue
      case .waiting:
        batch.waiting.append(index + 1)
        continue
      case .due(let due): dates = due
      case .settled: dates = [now]
      }
      let body = JSONWriter.compact(.object([
        ("signedPayload", .string(NotificationPayload.signedPayload(all[index], sequence: index + 1, signer: signer)))
      ]))
      batch.bodies.append(Item(sequence: index + 1, body: Array(body.utf8), dates: dates, previous: previous))
    }
    return batch
  }

  /// Posts the batch in order, each item's due attempts until one succeeds, until `deadline`
  /// passes (or, in order, one fails). Takes no lock.
  /// - Returns: the round, how many from the first are settled now (the count to record),
  ///   and the attempts made.
  package static func post(_ batch: Batch, to url: String, deadline: Deadline) -> (round: Round, reached: Int, attempts: [SendAttempt]) {
    var round = Round()
    var attempts: [SendAttempt] = []
    var unsettled = batch.waiting
    round: for item in batch.bodies {
      var made: [SendAttempt] = []
      for date in item.dates {
        // What the deadline cut short was not attempted: it stays due for the next round.
        guard !deadline.hasPassed else {
          unsettled.append(item.sequence)
          attempts += made
          break round
        }
        do {
          try HTTPPoster.post(item.body, to: url, deadline: deadline)
          made.append(SendAttempt(sequence: item.sequence, date: date, result: SendAttempt.success))
          round.delivered += 1
          break
        } catch {
          round.failure = error.reason
          made.append(SendAttempt(sequence: item.sequence, date: date, result: error.kind.sendAttemptResult))
        }
      }
      attempts += made
      if batch.schedule.standing(of: item.previous + made, now: batch.date) != .settled { unsettled.append(item.sequence) }
      if made.last?.result != SendAttempt.success && batch.schedule.failureStopsRound { break }
    }
    let reached = (unsettled.min() ?? batch.total + 1) - 1
    round.pending = batch.total - reached
    return (round, max(reached, batch.already), attempts)
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

import IAPCore
import IAPFormats
import IAPHTTP
import IAPKit
import IAPOperations
import IAPStorage

/// `/transactions/updates`: StoreKit 2's `Transaction.updates` as Server-Sent Events.
///
/// A new listener first gets the account's unfinished transactions, as an app's listener does
/// at launch; then each new or changed transaction version of the account (a purchase from any
/// client or the shell, a renewal or expiry as the clock moves, an approval, a refund, a
/// revocation) is one event: `event: transaction`, `data` the transaction as `--json` shows
/// it, signed, and `id` the log position just past it (`LogPosition`). `Last-Event-ID` (or
/// `?lastEventId=`) resumes after that event. An id that is not a record boundary of the log
/// as it is now (from before a reset, from a namespace deleted and made again, or garbage)
/// starts over as a new listener does, and so does a listener whose log is replaced under it:
/// a reset or a repair is a new store, which it then follows. The stream reads the state's log
/// and never takes its exclusive lock, so a listener, however slow, holds up no writer: it only
/// holds its own connection (a listener that stops reading is dropped when a write times out).
enum UpdateStreamRoutes {
  /// How often the stream looks at the log (one `stat`: its inode, size and times).
  static let pollMilliseconds = 100
  /// How often it opens the store even when the log did not grow, so that renewals the
  /// clock's rate has made due are committed and sent; and sends a comment to keep proxies open.
  static let heartbeatMilliseconds = 2_000

  static let all = [
    ControlRoute(
      method: "GET", path: "/transactions/updates",
      summary: "Server-Sent Events: the unfinished transactions, then one `transaction` event per new or changed transaction of the account (Transaction.updates); Last-Event-ID resumes.",
      query: [ControlParameter("lastEventId", .string, "Resume after this event id (as the Last-Event-ID header does); one that is not this log's starts over.")],
      answer: .eventStream
    ) { call throws(IAPError) in
      let resume = call.request.headers["Last-Event-ID"] ?? call.request.query("lastEventId")
      let start = resume.flatMap(LogPosition.init)
      // Read once now, so that a damaged state is an error answer rather than an empty stream.
      let first = try call.workspace.transactionUpdates(after: start)
      let makeWorkspace = call.makeWorkspace
      let initial = Array("retry: 1000\n\n".utf8) + events(first)
      let position = first.position
      let stream = HTTPBodyStream { writer in run(writer, initial: initial, position: position, makeWorkspace: makeWorkspace) }
      let headers = HTTPHeaders([("Content-Type", "text/event-stream"), ("Cache-Control", "no-store")])
      return .response(HTTPResponse(status: 200, headers: headers, stream: stream))
    }
  ]

  /// Writes `initial`, then polls the log from `position` until the client leaves or the
  /// server stops.
  static func run(_ writer: HTTPStreamWriter, initial: [UInt8], position start: LogPosition, makeWorkspace: @Sendable () -> Workspace) {
    guard writer.write(initial) else { return }
    // One workspace for the stream's life: it holds no open state between reads.
    let workspace = makeWorkspace()
    var position = start
    var log = workspace.transactionLogIdentity()
    var quiet = 0
    while writer.pause(milliseconds: pollMilliseconds) {
      quiet += pollMilliseconds
      let now = workspace.transactionLogIdentity()
      guard now != log || quiet >= heartbeatMilliseconds else { continue }
      log = now
      quiet = 0
      let updates: TransactionUpdates
      do { updates = try workspace.transactionUpdates(after: position) } catch {
        // A read that met a reset or a namespace's deletion half done is tried again at the
        // next change or heartbeat; a damaged state is said once, and the stream ends.
        guard case .state(.damaged) = error else { continue }
        _ = writer.write(Array("event: error\ndata: {\"message\":\"the state cannot be read\"}\n\n".utf8))
        return
      }
      position = updates.position
      guard writer.write(updates.transactions.isEmpty ? Array(": keep-alive\n\n".utf8) : events(updates)) else { return }
    }
  }

  /// One event per transaction version. An event of a restart's batch but the last carries no
  /// id, so that a client that drops before the batch's end starts over rather than resuming
  /// past what it never got.
  static func events(_ updates: TransactionUpdates) -> [UInt8] {
    var bytes: [UInt8] = []
    for (position, transaction) in updates.transactions {
      let data = JSONWriter.compact(TransactionJSON.object(transaction, signer: updates.signer))
      if let position { bytes += Array("id: \(position)\n".utf8) }
      bytes += Array("event: transaction\ndata: \(data)\n\n".utf8)
    }
    return bytes
  }
}

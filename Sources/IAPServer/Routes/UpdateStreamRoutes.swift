import IAPCore
import IAPFormats
import IAPHTTP
import IAPKit

/// `/transactions/updates`: StoreKit 2's `Transaction.updates` as Server-Sent Events.
///
/// Each new or changed transaction version of the account (a purchase from any client or the
/// shell, a renewal or expiry as the clock moves, an approval, a refund, a revocation) is one
/// event: `id` is the log position just past it, `event: transaction`, `data` the transaction
/// as `--json` shows it, signed. `Last-Event-ID` (or `?lastEventId=`) resumes after that
/// event; without it the stream starts from now. The stream reads the state's log and never
/// takes its exclusive lock, so a listener, however slow, holds up no writer: it only holds
/// its own connection (a listener that stops reading is dropped when a write times out).
enum UpdateStreamRoutes {
  /// How often the stream looks at the log's size (one `stat`).
  static let pollMilliseconds = 100
  /// How often it opens the store even when the log did not grow, so that renewals the
  /// clock's rate has made due are committed and sent; and sends a comment to keep proxies open.
  static let heartbeatMilliseconds = 2_000

  static let all = [
    ControlRoute(
      method: "GET", path: "/transactions/updates",
      summary: "Server-Sent Events: one `transaction` event per new or changed transaction of the account (Transaction.updates); Last-Event-ID resumes.",
      query: [ControlParameter("lastEventId", .string, "Resume after this event id (as the Last-Event-ID header does).")],
      answer: .eventStream
    ) { call throws(IAPError) in
      let resume = call.request.headers["Last-Event-ID"] ?? call.request.query("lastEventId")
      let start: Int?
      if let resume {
        guard let position = Int(resume), position >= 0 else {
          throw ControlCall.usage("Last-Event-ID: expected an event id this stream sent, got '\(resume)'")
        }
        start = position
      } else {
        start = nil
      }
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
  static func run(_ writer: HTTPStreamWriter, initial: [UInt8], position start: Int, makeWorkspace: @Sendable () -> Workspace) {
    guard writer.write(initial) else { return }
    // One workspace for the stream's life: it holds no open state between reads.
    let workspace = makeWorkspace()
    var position = start
    var size = workspace.transactionLogSize()
    var quiet = 0
    while writer.pause(milliseconds: pollMilliseconds) {
      quiet += pollMilliseconds
      let now = workspace.transactionLogSize()
      guard now != size || quiet >= heartbeatMilliseconds else { continue }
      size = now
      quiet = 0
      guard let updates = try? workspace.transactionUpdates(after: position) else {
        // A damaged or vanished state: say so once and end; the client reconnects.
        _ = writer.write(Array("event: error\ndata: {\"message\":\"the state cannot be read\"}\n\n".utf8))
        return
      }
      position = updates.position
      guard writer.write(updates.transactions.isEmpty ? Array(": keep-alive\n\n".utf8) : events(updates)) else { return }
    }
  }

  /// One event per transaction version.
  static func events(_ updates: TransactionUpdates) -> [UInt8] {
    var bytes: [UInt8] = []
    for (position, transaction) in updates.transactions {
      let data = JSONWriter.compact(TransactionJSON.object(transaction, signer: updates.signer))
      bytes += Array("id: \(position)\nevent: transaction\ndata: \(data)\n\n".utf8)
    }
    return bytes
  }
}

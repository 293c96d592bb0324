import IAPCore
import IAPKit
import IAPOperations
import IAPSystem

/// `iap notifications check --url URL`: every notification the store can produce, posted to
/// a team's endpoint, with what it answered; exit 1 when any answer fails.
struct NotificationsCheckCommand: Command {
  static let spec = CommandSpec(
    ["notifications", "check"], operation: NotificationCheckOperation.spec,
    discussion: """
      Plays each notification iap notifications trigger --list names (or those --types \
      names), each as a customer of its own, in a namespace made for the run and deleted \
      after: this store, its clock and its settings are untouched, and the namespace signs \
      with this store's environment and secret, so the root certificate iap certificates \
      root prints verifies what is posted. Each notification is posted as {"signedPayload"} \
      and must be answered 200 to 206 (Apple's success) within 5 seconds. --chaos duplicate \
      posts each twice with the same notificationUUID; reorder posts them last first; delay \
      signs each as Apple's last retry arrives, 157 hours before it is posted; fail-first \
      posts each first with a broken signature, which must not be answered 200 to 206, then \
      as signed. Prints a line per post and exits 1 when any answer failed (0 when all \
      passed); a notification the catalog cannot produce is skipped, with why.
      """)

  let request: NotificationCheckRequest

  init(_ invocation: Invocation) throws(IAPError) { request = try NotificationCheckOperation.request(invocation) }

  func run(_ context: CommandContext) throws(IAPError) -> ExitCode {
    let result = try context.workspace.checkNotifications(request)
    if context.globals.json {
      context.console.json(NotificationCheckJSON.document(result))
    } else {
      var table = TextTable()
      table.append(["TYPE", "SUBTYPE", "ATTEMPT", "STATUS", "TIME", "RESULT"])
      for row in result.rows {
        let subtype = row.flow.subtype?.rawValue ?? "-"
        if let skipped = row.skipped { table.append([row.flow.type.rawValue, subtype, "-", "-", "-", "skipped: \(skipped)"]) }
        for answer in row.answers {
          table.append([
            row.flow.type.rawValue, subtype, answer.attempt.rawValue, answer.status.map { "\($0)" } ?? "-", "\(answer.milliseconds) ms",
            answer.error.map { "FAIL \($0)" } ?? "ok",
          ])
        }
      }
      table.lines.forEach { context.console.line($0) }
      let played = result.rows.filter { $0.skipped == nil }.count
      let failed = result.failures.map(\.flow.name)
      context.console.line(
        result.passed
          ? "passed: \(played) notifications answered as the App Store needs"
          : failed.isEmpty ? "failed: no notification could be played" : "failed: \(failed.count) of \(played): \(failed.joined(separator: ", "))")
    }
    if let signal = result.interruptedBy {
      context.console.note("notifications check interrupted: its namespace is deleted, and what was posted by then is above")
      context.console.flush()
      TerminationSignal.raiseAgain(signal)
    }
    return result.passed ? .success : .storeRefused
  }
}

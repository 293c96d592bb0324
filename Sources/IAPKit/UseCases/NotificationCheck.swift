import IAPCore
import IAPFormats
import IAPHTTP
import IAPStorage
import IAPSystem

extension Workspace {
  /// Use case: plays each of `request`'s notifications by its trigger flow in a namespace made
  /// for the run (signing as this store does, so the same root certificate verifies it, and
  /// deleted after), each as a customer of its own, then posts them to `request.url` as the
  /// chaos modes say and judges every answer: a notification must be answered 200 to 206,
  /// as Apple's "Responding to App Store Server Notifications" counts success, within
  /// `NotificationCheckRequest.answerLimitMilliseconds`; one whose signature is broken must
  /// be answered with anything else. This store, its clock and its settings are left as they
  /// were, but for a signing secret made if it had none (the root certificate's, as
  /// `certificates root` makes it).
  ///
  /// Ctrl-C, `kill` and a closed terminal stop the run between two steps: the namespace is
  /// deleted all the same, and the result says which signal came (`interruptedBy`).
  package func checkNotifications(_ request: NotificationCheckRequest) throws(IAPError) -> NotificationCheckResult {
    let signals = TerminationSignal(catching: TerminationSignal.interrupting)
    defer { signals.restore() }
    let scratch = try checkNamespace()
    let outcome = Result<([PlayedNotification], [NotificationCheckResult.Row]), IAPError> { () throws(IAPError) in
      try scratch.playForCheck(request.flows, until: signals)
    }
    try? scratch.stateDirectory.deleteNamespace()
    let (played, skipped) = try outcome.get()
    var rows: [NotificationCheckResult.Row] = []
    for item in request.chaos.contains(.reorder) ? played.reversed() : played {
      if signals.received != nil { break }
      var notification = item.notification
      if request.chaos.contains(.delay) {
        notification.date = Timestamp(milliseconds: environment.now().milliseconds - NotificationCheckRequest.delayMilliseconds)
      }
      let token = NotificationPayload.signedPayload(notification, sequence: item.sequence, signer: item.signer)
      let uuid = NotificationPayload.uuid(sequence: item.sequence, key: item.signer.key)
      var row = NotificationCheckResult.Row(flow: item.flow, notificationUUID: uuid)
      let failFirst = request.chaos.contains(.failFirst)
      if failFirst { row.answers.append(Self.post(Self.breakingSignature(of: token), to: request.url, as: .brokenSignature)) }
      row.answers.append(Self.post(token, to: request.url, as: failFirst ? .retry : .first))
      if request.chaos.contains(.duplicate) { row.answers.append(Self.post(token, to: request.url, as: .duplicate)) }
      rows.append(row)
    }
    var result = NotificationCheckResult(url: request.url, chaos: request.chaos, rows: rows + skipped)
    result.interruptedBy = signals.received
    return result
  }

  /// A notification a flow made the store send, with what signs it.
  private struct PlayedNotification {
    var flow: TriggerFlow
    var notification: ServerNotification
    var sequence: Int
    var signer: Signer
  }

  /// A namespace of the state's for the run, which signs as this store does: its
  /// environment, app Apple ID and signing secret, and nothing else of its settings.
  private func checkNamespace() throws(IAPError) -> Workspace {
    var setup = NamespaceSetup()
    do {
      let opened = try openStore(forWriting: true)
      let secret = try signingKey(opened.session, settings: opened.settings)
      var pairs = [("environment", opened.settings.environment.rawValue), ("signing-secret", String(decoding: secret, as: UTF8.self))]
      if let id = opened.settings.appAppleId { pairs.append(("app-apple-id", "\(id)")) }
      for (key, value) in pairs {
        do { setup.settings.append(try SettingChange(key: key, value: value)) } catch { throw .invalidRequest("\(key): \(error)") }
      }
    }
    let name = "notifications-check-\(CurrentProcess.id)-\(environment.now().milliseconds)"
    let scratch = Workspace(
      state: stateDirectory.statePath, namespace: name, catalog: catalogPath, account: account, device: device, environment: environment, console: console)
    _ = try scratch.createNamespace(setup)
    return scratch
  }

  /// Plays each flow as a customer of its own, in order, until one of `signals` comes. A
  /// flow the store cannot play here (the catalog has no product of the kind it needs, the
  /// store refuses a step) is skipped with the reason; the state's own failures end the run.
  private func playForCheck(
    _ flows: [TriggerFlow], until signals: TerminationSignal
  ) throws(IAPError) -> ([PlayedNotification], [NotificationCheckResult.Row]) {
    var played: [PlayedNotification] = []
    var skipped: [NotificationCheckResult.Row] = []
    for (index, flow) in flows.enumerated() where signals.received == nil {
      do throws(IAPError) {
        let result = try triggerNotification(TriggerRequest(type: flow.type, subtype: flow.subtype, customer: "check-\(index + 1)"))
        played.append(PlayedNotification(flow: flow, notification: result.notification, sequence: result.sequence, signer: result.signer))
      } catch {
        switch error {
        case .invalidRequest, .refused, .purchaseFailed:
          skipped.append(NotificationCheckResult.Row(flow: flow, skipped: error.messages.joined(separator: " ")))
        default: throw error
        }
      }
    }
    return (played, skipped)
  }

  /// `token` with its signature's first character changed: the header and payload are
  /// intact, the signature verifies under no key.
  static func breakingSignature(of token: String) -> String {
    guard let dot = token.lastIndex(of: "."), token.index(after: dot) < token.endIndex else { return token + "A" }
    let first = token.index(after: dot)
    return String(token[..<first]) + (token[first] == "A" ? "B" : "A") + String(token[token.index(after: first)...])
  }

  /// Posts `{"signedPayload": token}` to `url` as the App Store does and judges the answer.
  private static func post(_ token: String, to url: String, as attempt: NotificationCheckResult.Answer.Attempt) -> NotificationCheckResult.Answer {
    let limit = NotificationCheckRequest.answerLimitMilliseconds
    let body = Array(JSONWriter.compact(.object([("signedPayload", .string(token))])).utf8)
    let start = Deadline.monotonicMilliseconds()
    let response: HTTPClient.Response
    do {
      response = try HTTPClient.send("POST", url, headers: [("Content-Type", "application/json")], body: body, timeout: limit / 1000)
    } catch {
      let elapsed = Int(Deadline.monotonicMilliseconds() - start)
      return .init(attempt: attempt, status: nil, milliseconds: elapsed, sendAttemptResult: error.kind.sendAttemptResult, error: error.reason)
    }
    let elapsed = Int(Deadline.monotonicMilliseconds() - start)
    // Apple's rule: 200 to 206 is success; every other status is an unsuccessful post.
    let accepted = (200...206).contains(response.status)
    var answer = NotificationCheckResult.Answer(
      attempt: attempt, status: response.status, milliseconds: elapsed, sendAttemptResult: accepted ? "SUCCESS" : "UNSUCCESSFUL_HTTP_RESPONSE_CODE")
    if elapsed > limit {
      answer.sendAttemptResult = "TIMED_OUT"
      answer.error = "answered after \(elapsed) ms, past the \(limit) ms limit"
    } else if attempt == .brokenSignature {
      if accepted { answer.error = "HTTP \(response.status) for a signature that does not verify: expected a refusal, so that the App Store retries" }
    } else if !accepted {
      answer.error = "HTTP \(response.status): Apple counts only 200 to 206 as delivered, and retries"
    }
    return answer
  }
}

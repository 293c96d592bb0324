import IAPCore
import IAPFormats
import IAPKit
import IAPStorage

/// A Get Notification History request: its body's filters and the page to start from.
package struct NotificationHistoryQuery: Sendable {
  /// Notification dates from `startDate` (included) to `endDate` (excluded), in ms; both required.
  package var startDate: Int64?
  package var endDate: Int64?
  package var notificationType: String?
  package var notificationSubtype: String?
  /// A transaction of the customer whose notifications to list (not with a type filter).
  package var transactionId: String?
  /// Only notifications that have not reached the server.
  package var onlyFailures = false
  /// Where the previous page ended (the last sequence number it held).
  package var paginationToken: String?

  package init() {}

  /// Notifications in a page.
  package static let pageSize = 20
  /// How far back the history reaches, by the store's clock.
  package static let retentionDays: Int64 = 180

  /// Refuses what Apple refuses, with Apple's errors; `now` is the store's clock.
  func validate(now: Timestamp) throws(ServerAPIError) {
    guard let startDate, startDate >= 0 else { throw .invalidStartDate }
    guard let endDate, endDate >= 0 else { throw .invalidEndDate }
    if startDate >= endDate { throw .startDateAfterEndDate }
    if startDate < now.milliseconds - Self.retentionDays * 86_400_000 { throw .startDateTooFarInPast }
    if let notificationType, NotificationType(rawValue: notificationType) == nil { throw .invalidNotificationType }
    if let notificationSubtype, NotificationSubtype(rawValue: notificationSubtype) == nil { throw .invalidNotificationType }
    if transactionId != nil, notificationType != nil || notificationSubtype != nil { throw .multipleFiltersSupplied }
    if let paginationToken, UInt64(paginationToken) == nil { throw .invalidPaginationToken }
  }
}

extension Workspace {
  /// Use case: Request a Test Notification (`POST /inApps/v1/notifications/test`): a TEST
  /// notification, sent to the notification URL once the front end delivers. Its token is
  /// its `notificationUUID` and date, as Apple's are a UUID and a time.
  package func serverRequestTestNotification() throws(ServerAPIError) -> JSONValue {
    try actingForServer { opened, signer throws(ServerAPIError) in
      guard opened.settings.notificationURL != nil else { throw .notificationURLNotFound }
      opened.store.app.bundleId = catalogFieldsQuietly()?.bundleId ?? opened.store.app.bundleId
      let sequence = opened.store.sendTestNotification(now: opened.now)
      let token = NotificationPayload.uuid(sequence: sequence, key: signer.key) + "_" + String(opened.now.milliseconds)
      return .object([("testNotificationToken", .string(token))])
    }
  }

  /// Use case: Get Test Notification Status (`GET /inApps/v1/notifications/test/{token}`):
  /// the TEST notification's signed payload and the attempts to send it.
  package func serverTestNotificationStatus(_ token: String) throws(ServerAPIError) -> JSONValue {
    let parts = token.split(separator: "_", omittingEmptySubsequences: false)
    guard parts.count == 2, parts[0].count == 36, Int64(parts[1]) != nil else { throw .invalidTestNotificationToken }
    let (opened, signer) = try openForServer()
    let notifications = try reading { () throws(IAPError) in try IAPError.ofState(opened.session.sentNotifications()) }
    for (index, n) in notifications.enumerated() where n.type == .test {
      guard NotificationPayload.uuid(sequence: index + 1, key: signer.key) == parts[0] else { continue }
      let attempts = try reading { () throws(IAPError) in try IAPError.ofState(SendAttemptLog.read(opened.session)) }
      return .object(Self.historyItem(n, sequence: index + 1, signer: signer, attempts: attempts[index + 1] ?? []))
    }
    throw .testNotificationNotFound
  }

  /// Use case: Get Notification History (`POST /inApps/v1/notifications/history`): the
  /// notifications sent between two dates (at most 180 days back), filtered, 20 a page,
  /// each with its send attempts; `paginationToken` is where the next page starts.
  package func serverNotificationHistory(_ query: NotificationHistoryQuery) throws(ServerAPIError) -> JSONValue {
    let (opened, signer) = try openForServer()
    try query.validate(now: opened.now)
    var customer: String?
    if let id = query.transactionId {
      guard let transaction = try find(id, in: opened) else { throw .transactionNotFound }
      customer = transaction.account
    }
    let (notifications, attempts) = try reading { () throws(IAPError) in
      (try IAPError.ofState(opened.session.sentNotifications()), try IAPError.ofState(SendAttemptLog.read(opened.session)))
    }
    let after = query.paginationToken.flatMap { Int($0) } ?? 0
    var matching: [(Int, ServerNotification)] = []
    for (index, n) in notifications.enumerated() where index + 1 > after {
      let sequence = index + 1
      guard n.date.milliseconds >= query.startDate!, n.date.milliseconds < query.endDate! else { continue }
      if let type = query.notificationType, n.type.rawValue != type { continue }
      if let subtype = query.notificationSubtype, n.subtype?.rawValue != subtype { continue }
      if let customer, n.transaction?.account != customer { continue }
      if query.onlyFailures, (attempts[sequence] ?? []).contains(where: { $0.result == SendAttempt.success }) { continue }
      matching.append((sequence, n))
    }
    let page = matching.prefix(NotificationHistoryQuery.pageSize)
    let hasMore = matching.count > page.count
    var members: [(String, JSONValue)] = []
    if hasMore, let last = page.last { members.append(("paginationToken", .string(String(last.0)))) }
    members += [
      ("hasMore", .bool(hasMore)),
      ("notificationHistory", .array(page.map { .object(Self.historyItem($0.1, sequence: $0.0, signer: signer, attempts: attempts[$0.0] ?? [])) })),
    ]
    return .object(members)
  }

  /// `signedPayload` and `sendAttempts` of one notification.
  static func historyItem(_ n: ServerNotification, sequence: Int, signer: Signer, attempts: [SendAttempt]) -> [(String, JSONValue)] {
    [
      ("signedPayload", .string(NotificationPayload.signedPayload(n, sequence: sequence, signer: signer))),
      ("sendAttempts", .array(attempts.map { .object([("attemptDate", .int($0.date.milliseconds)), ("sendAttemptResult", .string($0.result))]) })),
    ]
  }
}

import IAPCore
import IAPFormats
import IAPKit

/// `notifications check --json`.
package enum NotificationCheckJSON {
  /// `{"passed", "url", "chaos", "limitMilliseconds", "results": [{notificationType, subtype,
  /// notificationUUID, passed, skipped, answers: [{attempt, status, milliseconds,
  /// sendAttemptResult, error}]}]}`.
  package static func document(_ result: NotificationCheckResult) -> JSONValue {
    .object([
      ("passed", .bool(result.passed)), ("url", .string(result.url)),
      ("chaos", .array(NotificationChaos.allCases.filter(result.chaos.contains).map { .string($0.rawValue) })),
      ("limitMilliseconds", .int(Int64(NotificationCheckRequest.answerLimitMilliseconds))),
      ("results", .array(result.rows.map(row))),
    ])
  }

  private static func row(_ row: NotificationCheckResult.Row) -> JSONValue {
    .object([
      ("notificationType", .string(row.flow.type.rawValue)), ("subtype", .optional(row.flow.subtype?.rawValue)),
      ("notificationUUID", .optional(row.notificationUUID)), ("passed", .bool(row.passed)), ("skipped", .optional(row.skipped)),
      (
        "answers",
        .array(
          row.answers.map { answer in
            .object([
              ("attempt", .string(answer.attempt.rawValue)), ("status", answer.status.map { .int(Int64($0)) } ?? .null),
              ("milliseconds", .int(Int64(answer.milliseconds))), ("sendAttemptResult", .string(answer.sendAttemptResult)),
              ("error", .optional(answer.error)),
            ])
          })
      ),
    ])
  }
}

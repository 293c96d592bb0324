import IAPCore
import IAPFormats
import IAPKit

/// A conformance run of a team's notification endpoint (`notifications check`): every
/// notification the store can produce, played in a namespace of its own and posted there.
///
/// The command line's only: as a route, it would have the server post to whatever URL a
/// request names, for as long as its flows and answers take (minutes against a slow
/// endpoint) while the request waits; a CI job runs it as a command.
package enum NotificationCheckOperation: StoreOperation {
  /// The endpoint, normalized as the `notification-url` setting is.
  package static let url = Parameter<String>.parsed(
    ParameterInfo("url", json: "url", value: "url", required: true, help: "The endpoint to post the notifications to."),
    expected: "an http:// URL (https is not supported)"
  ) { text in
    guard let url = try? StoreSettings.normalize(key: "notification-url", value: text), url != "off" else { return nil }
    return url
  }
  /// The notifications to play (`TYPE` or `TYPE/SUBTYPE`, comma-separated).
  package static let types = Parameter<[TriggerFlow]>.read(
    ParameterInfo(
      "types", json: "types", value: "type[/subtype],...",
      help: "Only these notifications: TYPE (each subtype of it) or TYPE/SUBTYPE, comma-separated (default: every one notifications trigger --list names).")
  ) { (text, _) throws(IAPError) -> [TriggerFlow] in try NotificationCheckRequest.flows(named: text) }
  /// The chaos modes (comma-separated).
  package static let chaos = Parameter<Set<NotificationChaos>>.read(
    ParameterInfo(
      "chaos", json: "chaos", value: "mode,...",
      help: "Bend delivery, comma-separated: duplicate, reorder, delay, fail-first (default: none).")
  ) { (text, _) throws(IAPError) -> Set<NotificationChaos> in try NotificationCheckRequest.chaos(named: text) }

  /// The operation: its name, summary and parameters.
  package static let spec = OperationSpec(
    "notifications check", summary: "Post every notification the store can produce to an endpoint, and report what it answered.",
    parameters: [url.info, types.info, chaos.info])

  /// The request the parameters make: a URL is required, every notification by default.
  package static func request(_ input: some OperationInput) throws(IAPError) -> NotificationCheckRequest {
    NotificationCheckRequest(
      url: try input.required(url), flows: try input.value(types) ?? TriggerFlow.all, chaos: try input.value(chaos) ?? [])
  }
}

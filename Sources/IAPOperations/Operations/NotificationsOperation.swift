import IAPCore
import IAPKit

/// The App Store Server Notifications the store has sent, and delivering them.
package enum NotificationsOperation: StoreOperation {
  /// Where the pending notifications are posted now, normalized as the `notification-url`
  /// setting is.
  package static let url = Parameter<String>.parsed(
    ParameterInfo("url", json: "url", value: "url", reach: .commandLineOnly, help: "POST the pending notifications to this URL now."),
    expected: "an http:// URL (https is not supported)"
  ) { text in
    guard let url = try? StoreSettings.normalize(key: "notification-url", value: text), url != "off" else { return nil }
    return url
  }
  /// Whether every notification is sent again.
  package static let all = Parameter<Bool>.flag(
    ParameterInfo("all", json: "all", reach: .commandLineOnly, help: "With --url: send every notification again, not only the pending ones."))
  package static let spec = OperationSpec(
    "notifications", summary: "List App Store Server Notifications, and deliver them.", parameters: [url.info, all.info])

  package static func request(_ input: some OperationInput) throws(IAPError) -> NotificationsRequest {
    let request = NotificationsRequest(url: try input.value(url), resendAll: try input.value(all, default: false))
    if request.resendAll && request.url == nil { throw input.usage("\(input.name(all.info)) needs \(input.name(url.info))") }
    return request
  }
}

import IAPCore
import IAPFormats
import IAPHTTP
import IAPKit

/// The Retention Messaging API (`/inApps/v1/messaging/…`): Apple's paths and shapes, each
/// routed to its use case.
extension AppStoreServerAPI {
  /// The answer to a Retention Messaging request; `parts` is its path split at `/`
  /// ("", "inApps", "v1", "messaging", resource, …).
  static func retentionMessaging(_ request: HTTPRequest, _ parts: [String], workspace: Workspace) -> HTTPResponse {
    let resource = Array(parts.dropFirst(4))
    let name = resource.first ?? ""
    let id = resource.count > 1 ? resource[1] : ""
    let last = resource.last ?? ""
    do throws(RetentionMessagingFailure) {
      switch (request.method, name, resource.count) {
      case ("GET", "image", 2) where id == "list":
        let images = try workspace.retentionImages()
        return .json(.object([("imageIdentifiers", .array(images.map {
          .object([("imageIdentifier", .string($0.imageIdentifier)), ("imageState", .string($0.state.rawValue)), ("imageSize", .string($0.imageSize.rawValue))])
        }))]))
      case ("PUT", "image", 2):
        try workspace.uploadRetentionImage(id, png: request.body, size: request.query("imageSize"))
      case ("DELETE", "image", 2):
        try workspace.deleteRetentionImage(id)
      case ("GET", "message", 2) where id == "list":
        let messages = try workspace.retentionMessages()
        return .json(.object([("messageIdentifiers", .array(messages.map {
          .object([("messageIdentifier", .string($0.messageIdentifier)), ("messageState", .string($0.state.rawValue))])
        }))]))
      case ("PUT", "message", 2):
        guard let body = try? jsonBody(request) else { throw .refused(.invalidMessage("body")) }
        try workspace.uploadRetentionMessage(try refusing { () throws(RetentionRefusal) in try RetentionMessage(identifier: id, json: body) })
      case ("DELETE", "message", 2):
        try workspace.deleteRetentionMessage(id)
      case ("PUT", "default", 3):
        let body = try? jsonBody(request)
        try workspace.configureDefaultRetentionMessage(productId: id, locale: last, messageIdentifier: body?["messageIdentifier"]?.stringValue)
      case ("GET", "default", 3):
        let found = try workspace.defaultRetentionMessage(productId: id, locale: last)
        return .json(.object([("messageIdentifier", .string(found.messageIdentifier))]))
      case ("DELETE", "default", 3):
        try workspace.deleteDefaultRetentionMessage(productId: id, locale: last)
      case ("PUT", "realtime", 2) where id == "url":
        try workspace.configureRealtimeURL((try? jsonBody(request))?["realtimeURL"]?.stringValue)
      case ("GET", "realtime", 2) where id == "url":
        return .json(.object([("realtimeURL", .string(try workspace.realtimeURL()))]))
      case ("DELETE", "realtime", 2) where id == "url":
        try workspace.deleteRealtimeURL()
      case ("POST", "performanceTest", 1):
        let original = (try? jsonBody(request))?["originalTransactionId"]?.stringValue
        let run = try workspace.initiatePerformanceTest(originalTransactionId: original)
        return .json(.object([("config", configJSON(run.config)), ("requestId", .string(run.requestId))]))
      case ("GET", "performanceTest", 3) where id == "result":
        return .json(resultJSON(try workspace.performanceTestResults(last)))
      default:
        return notFound
      }
      return HTTPResponse(status: 200, body: [])
    } catch {
      switch error {
      case let .refused(refusal): return failure(.retention(refusal))
      case let .store(cause): return failure(.serverFailure(cause))
      }
    }
  }

  /// `body`'s value, its refusal as the use cases' failure.
  static func refusing<T>(_ body: () throws(RetentionRefusal) -> T) throws(RetentionMessagingFailure) -> T {
    do { return try body() } catch { throw .refused(error) }
  }

  /// `PerformanceTestConfig`.
  static func configJSON(_ config: PerformanceTestRun.Config) -> JSONValue {
    .object([
      ("maxConcurrentRequests", .int(Int64(config.maxConcurrentRequests))), ("totalRequests", .int(Int64(config.totalRequests))),
      ("totalDuration", .int(Int64(config.totalDuration))), ("responseTimeThreshold", .int(Int64(config.responseTimeThreshold))),
      ("successRateThreshold", .int(Int64(config.successRateThreshold))),
    ])
  }

  /// `PerformanceTestResultResponse`.
  static func resultJSON(_ run: PerformanceTestRun) -> JSONValue {
    var members: [(String, JSONValue)] = [
      ("config", configJSON(run.config)), ("target", .string(run.target)), ("result", .string(run.result.rawValue)),
      ("successRate", .int(Int64(run.successRate))), ("numPending", .int(Int64(run.numPending))),
    ]
    if let times = run.responseTimes {
      members.append(
        ("responseTimes", .object([
          ("average", .int(Int64(times.average))), ("p50", .int(Int64(times.p50))), ("p90", .int(Int64(times.p90))),
          ("p95", .int(Int64(times.p95))), ("p99", .int(Int64(times.p99))),
        ])))
    }
    members.append(("failures", .object(run.failures.map { ($0.0, .int(Int64($0.1))) })))
    return .object(members)
  }
}

import IAPCore
import IAPFormats
import IAPSystem

/// `retention-messaging.json`: the store's Retention Messaging configuration
/// (`RetentionMessaging`), replaced whole under the state's lock at every change, as
/// `keys.json` is.
///
/// ```json
/// {"images": [{"imageIdentifier": "…", "imageSize": "FULL_SIZE", "imageState": "APPROVED"}],
///  "messages": [{"messageIdentifier": "…", "messageState": "APPROVED", "header": "…", "body": "…"}],
///  "defaults": [{"productId": "…", "locale": "en-US", "messageIdentifier": "…"}],
///  "realtimeURL": "http://127.0.0.1:9000/retention", "performanceTests": [{"requestId": "…", …}],
///  "shown": [{"originalTransactionId": "1", "productId": "…", "source": "realtime", "messageIdentifier": "…",
///    "alternateProductId": null, "promotionalOffer": {"productId": "…", "offerId": "…", "keyId": "…", …}, "accepted": false}]}
/// ```
enum RetentionMessagingFile {
  static let name = "retention-messaging.json"

  static func encode(_ value: RetentionMessaging) -> JSONValue {
    .object([
      ("images", .array(value.images.map { .object([("imageIdentifier", .string($0.imageIdentifier)), ("imageSize", .string($0.imageSize.rawValue)), ("imageState", .string($0.state.rawValue))]) })),
      ("messages", .array(value.messages.map(\.json))),
      ("defaults", .array(value.defaults.map { .object([("productId", .string($0.productId)), ("locale", .string($0.locale)), ("messageIdentifier", .string($0.messageIdentifier))]) })),
      ("realtimeURL", .optional(value.realtimeURL)),
      ("performanceTests", .array(value.performanceTests.map(encode))),
      ("shown", .array(value.shown.map(encode))),
    ])
  }

  static func encode(_ offer: RetentionOffer) -> JSONValue {
    .object([
      ("originalTransactionId", .string(offer.originalTransactionId)), ("productId", .string(offer.productId)),
      ("source", .string(offer.source.rawValue)), ("messageIdentifier", .string(offer.messageIdentifier)),
      ("alternateProductId", .optional(offer.alternateProductId)), ("promotionalOffer", offer.signedOffer.map(encode) ?? .null),
      ("accepted", .bool(offer.accepted)),
    ])
  }

  static func encode(_ offer: RetentionSignedOffer) -> JSONValue {
    let r = offer.request
    return .object([
      ("productId", .string(offer.productId)), ("offerId", .string(offer.offerId)), ("appAccountToken", .optional(offer.appAccountToken)),
      ("keyId", .optional(r.keyId)), ("nonce", .optional(r.nonce)), ("timestamp", .optional(r.timestamp)), ("signature", .optional(r.signature)),
      ("jws", .optional(r.jws)),
    ])
  }

  static func decodeSignedOffer(_ json: JSONValue) -> RetentionSignedOffer? {
    guard let product = json["productId"]?.stringValue, let offerId = json["offerId"]?.stringValue else { return nil }
    let jws = json["jws"]?.stringValue
    let request = PromotionalOfferRequest(
      offerId: jws == nil ? offerId : nil, keyId: json["keyId"]?.stringValue, nonce: json["nonce"]?.stringValue,
      timestamp: json["timestamp"]?.stringValue, signature: json["signature"]?.stringValue, jws: jws)
    return RetentionSignedOffer(productId: product, offerId: offerId, request: request, appAccountToken: json["appAccountToken"]?.stringValue)
  }

  static func encode(_ run: PerformanceTestRun) -> JSONValue {
    let c = run.config
    return .object([
      ("requestId", .string(run.requestId)), ("originalTransactionId", .string(run.originalTransactionId)), ("target", .string(run.target)),
      ("config", .object([
        ("maxConcurrentRequests", .int(Int64(c.maxConcurrentRequests))), ("totalRequests", .int(Int64(c.totalRequests))),
        ("totalDuration", .int(Int64(c.totalDuration))), ("responseTimeThreshold", .int(Int64(c.responseTimeThreshold))),
        ("successRateThreshold", .int(Int64(c.successRateThreshold))),
      ])),
      ("samples", .array(run.samples.map { .object([("milliseconds", .int(Int64($0.milliseconds))), ("failure", .optional($0.failure))]) })),
    ])
  }

  /// Reads the file back; nil when it is not what `encode` writes.
  static func decode(_ json: JSONValue) -> RetentionMessaging? {
    var value = RetentionMessaging()
    for image in json["images"]?.arrayValue ?? [] {
      guard let id = image["imageIdentifier"]?.stringValue, let size = image["imageSize"]?.stringValue.flatMap(RetentionImageSize.init(rawValue:)),
        let state = image["imageState"]?.stringValue.flatMap(RetentionReviewState.init(rawValue:))
      else { return nil }
      value.images.append(.init(imageIdentifier: id, imageSize: size, state: state))
    }
    for item in json["messages"]?.arrayValue ?? [] {
      guard let id = item["messageIdentifier"]?.stringValue, var message = try? RetentionMessage(identifier: id, json: item) else { return nil }
      guard let state = item["messageState"]?.stringValue.flatMap(RetentionReviewState.init(rawValue:)) else { return nil }
      message.state = state
      value.messages.append(message)
    }
    for item in json["defaults"]?.arrayValue ?? [] {
      guard let product = item["productId"]?.stringValue, let locale = item["locale"]?.stringValue, let id = item["messageIdentifier"]?.stringValue
      else { return nil }
      value.defaults.append(.init(productId: product, locale: locale, messageIdentifier: id))
    }
    value.realtimeURL = json["realtimeURL"]?.stringValue
    for item in json["performanceTests"]?.arrayValue ?? [] {
      guard let run = decodeRun(item) else { return nil }
      value.performanceTests.append(run)
    }
    for item in json["shown"]?.arrayValue ?? [] {
      guard let original = item["originalTransactionId"]?.stringValue, let product = item["productId"]?.stringValue,
        let source = item["source"]?.stringValue.flatMap(RetentionOffer.Source.init(rawValue:)), let message = item["messageIdentifier"]?.stringValue
      else { return nil }
      var signed: RetentionSignedOffer?
      if let offer = item["promotionalOffer"], offer != .null {
        guard let decoded = decodeSignedOffer(offer) else { return nil }
        signed = decoded
      }
      value.shown.append(
        RetentionOffer(
          originalTransactionId: original, productId: product, source: source, messageIdentifier: message,
          alternateProductId: item["alternateProductId"]?.stringValue, signedOffer: signed, accepted: item["accepted"]?.boolValue ?? false))
    }
    return value
  }

  static func decodeRun(_ json: JSONValue) -> PerformanceTestRun? {
    guard let id = json["requestId"]?.stringValue, let original = json["originalTransactionId"]?.stringValue,
      let target = json["target"]?.stringValue, let c = json["config"]
    else { return nil }
    func int(_ key: String) -> Int? { c[key]?.intValue.flatMap { Int(exactly: $0) } }
    guard let concurrent = int("maxConcurrentRequests"), let total = int("totalRequests"), let duration = int("totalDuration"),
      let threshold = int("responseTimeThreshold"), let rate = int("successRateThreshold")
    else { return nil }
    var samples: [PerformanceTestRun.Sample] = []
    for sample in json["samples"]?.arrayValue ?? [] {
      guard let ms = sample["milliseconds"]?.intValue.flatMap({ Int(exactly: $0) }) else { return nil }
      samples.append(.init(milliseconds: ms, failure: sample["failure"]?.stringValue))
    }
    let config = PerformanceTestRun.Config(
      maxConcurrentRequests: concurrent, totalRequests: total, totalDuration: duration, responseTimeThreshold: threshold, successRateThreshold: rate)
    return PerformanceTestRun(requestId: id, originalTransactionId: original, target: target, config: config, samples: samples)
  }
}

package extension StateSession {
  /// `retention-messaging.json`, or an empty configuration when there is none.
  func retentionMessaging() throws(StateError) -> RetentionMessaging {
    let path = directory.path + "/" + RetentionMessagingFile.name
    let bytes: [UInt8]
    do {
      guard let read = try folder?.readIfExists(RetentionMessagingFile.name) else { return RetentionMessaging() }
      bytes = read
    } catch {
      throw .unreadable(path: path, reason: error.description)
    }
    guard let json = try? JSONParser.parse(bytes), let value = RetentionMessagingFile.decode(json) else {
      throw .unreadable(path: path, reason: "expected {\"images\", \"messages\", \"defaults\", \"realtimeURL\", \"performanceTests\"}")
    }
    return value
  }

  /// Replaces `retention-messaging.json` atomically (under the session's exclusive lock).
  func saveRetentionMessaging(_ value: RetentionMessaging) throws(StateError) {
    precondition(writable, "saveRetentionMessaging on a read-only state session")
    do {
      try writableFolder.replaceAtomically(RetentionMessagingFile.name, with: Array((JSONWriter.pretty(RetentionMessagingFile.encode(value)) + "\n").utf8))
    } catch {
      throw .unwritable(path: directory.path, reason: error.description)
    }
  }
}

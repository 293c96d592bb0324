import IAPCore

/// The Retention Messaging API's errors, with the codes of Apple's documentation and the
/// official libraries' `APIError`.
extension ServerAPIError {
  /// What Apple answers for `refusal`.
  package static func retention(_ refusal: RetentionRefusal) -> ServerAPIError {
    switch refusal {
    case .invalidIdentifier: return .badRequest("The identifier must be a UUID.")
    case let .invalidMessage(member): return .badRequest("The message's \(member) is missing or invalid.")
    case .invalidImage: return ServerAPIError(status: 400, code: 4_000_161, message: "Invalid request. The image is not a PNG file without transparency.")
    case .headerTooLong: return ServerAPIError(status: 400, code: 4_000_162, message: "Invalid request. The header text is longer than 66 characters.")
    case .bodyTooLong: return ServerAPIError(status: 400, code: 4_000_163, message: "Invalid request. The body text is longer than 144 characters.")
    case .invalidLocale: return ServerAPIError(status: 400, code: 4_000_164, message: "Invalid request. The locale is invalid.")
    case .altTextTooLong: return ServerAPIError(status: 400, code: 4_000_175, message: "Invalid request. The alternative text is longer than 150 characters.")
    case .invalidPerformanceTestRequest:
      return ServerAPIError(status: 400, code: 4_000_211, message: "Invalid request. The performance test request is invalid.")
    case .invalidRequestId: return ServerAPIError(status: 400, code: 4_000_212, message: "Invalid request. The request id is invalid.")
    case .invalidRealtimeURL:
      return ServerAPIError(status: 400, code: 4_000_215, message: "Invalid request. The realtime URL must be https (or http on a loopback address) and at most 256 characters.")
    case .invalidImageSize: return ServerAPIError(status: 400, code: 4_000_216, message: "Invalid request. The image size is invalid.")
    case .tooManyBulletPoints: return ServerAPIError(status: 400, code: 4_000_218, message: "Invalid request. A message has at most 5 bullet points.")
    case .bulletPointTextTooLong:
      return ServerAPIError(status: 400, code: 4_000_219, message: "Invalid request. A bullet point's text is longer than 66 characters.")
    case .aboveImageRequiresAnImage:
      return ServerAPIError(status: 400, code: 4_000_224, message: "Invalid request. A header above the image requires an image.")
    case .invalidProductId: return .invalidProductId
    case .maximumImagesReached: return ServerAPIError(status: 403, code: 4_030_014, message: "Forbidden - the maximum number of images is reached.")
    case .maximumMessagesReached: return ServerAPIError(status: 403, code: 4_030_016, message: "Forbidden - the maximum number of messages is reached.")
    case .imageInUse: return ServerAPIError(status: 403, code: 4_030_019, message: "Forbidden - a message uses the image.")
    case .originalTransactionNotFound: return .originalTransactionIdNotFound
    case .imageNotFound: return ServerAPIError(status: 404, code: 4_040_014, message: "Image not found.")
    case .messageNotFound: return ServerAPIError(status: 404, code: 4_040_015, message: "Message not found.")
    case .performanceTestNotFound: return ServerAPIError(status: 404, code: 4_040_018, message: "Performance test run not found.")
    case .defaultMessageNotFound: return ServerAPIError(status: 404, code: 4_040_020, message: "Default message not found.")
    case .realtimeURLNotFound: return ServerAPIError(status: 404, code: 4_040_021, message: "Realtime URL not found.")
    case .imageAlreadyExists: return ServerAPIError(status: 409, code: 4_090_000, message: "The image identifier already exists.")
    case .messageAlreadyExists: return ServerAPIError(status: 409, code: 4_090_001, message: "The message identifier already exists.")
    }
  }
}

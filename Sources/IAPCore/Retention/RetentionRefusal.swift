/// Why the Retention Messaging API refuses a request, one case per error Apple's
/// documentation names for it (the front end gives each its status and code).
package enum RetentionRefusal: Error, Equatable, Sendable {
  /// An image or message identifier that is not a UUID.
  case invalidIdentifier
  /// Not a PNG file, or one with transparency (InvalidImageError).
  case invalidImage
  /// An image size that is not `FULL_SIZE` or `BULLET_POINT`, pixels that do not fit it, or
  /// an image of one size used where the other is needed (BadRequestImageSizeError).
  case invalidImageSize
  /// HeaderTooLongError.
  case headerTooLong
  /// BodyTooLongError.
  case bodyTooLong
  /// InvalidLocaleError.
  case invalidLocale
  /// AltTextTooLongError.
  case altTextTooLong
  /// BadRequestTooManyBulletPointsError.
  case tooManyBulletPoints
  /// BadRequestBulletPointTextTooLongError.
  case bulletPointTextTooLong
  /// BadRequestAboveImageRequiresAnImageError.
  case aboveImageRequiresAnImage
  /// A message body that is not what Upload Message takes (a member missing or mistyped).
  case invalidMessage(String)
  /// BadRequestRealtimeUrlError.
  case invalidRealtimeURL
  /// InvalidPerformanceTestRequestError.
  case invalidPerformanceTestRequest
  /// InvalidRequestIdError.
  case invalidRequestId
  /// A product that is not an auto-renewable subscription of the catalog.
  case invalidProductId
  /// MaximumNumberOfImagesReachedError.
  case maximumImagesReached
  /// MaximumNumberOfMessagesReachedError.
  case maximumMessagesReached
  /// ImageInUseError: a message shows it.
  case imageInUse
  /// ImageNotFoundError.
  case imageNotFound
  /// MessageNotFoundError.
  case messageNotFound
  /// PerformanceTestRunNotFoundError.
  case performanceTestNotFound
  /// DefaultMessageNotFoundError.
  case defaultMessageNotFound
  /// RealtimeUrlNotFoundError.
  case realtimeURLNotFound
  /// OriginalTransactionIdNotFoundError: the performance test's subscription.
  case originalTransactionNotFound
  /// ImageAlreadyExistsError.
  case imageAlreadyExists
  /// MessageAlreadyExistsError.
  case messageAlreadyExists
}

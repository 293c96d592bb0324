import IAPFormats

/// An app's Retention Messaging configuration as the App Store keeps it: the images and
/// messages uploaded, the default message of each product and locale, the URL of the
/// developer's Get Retention Message endpoint and the performance tests run against it.
/// Each change enforces Apple's documented limits and answers its refusals.
package struct RetentionMessaging: Equatable, Sendable {
  /// An uploaded image.
  package struct Image: Equatable, Sendable {
    /// A lowercase UUID.
    package var imageIdentifier: String
    package var imageSize: RetentionImageSize
    package var state: RetentionReviewState

    package init(imageIdentifier: String, imageSize: RetentionImageSize, state: RetentionReviewState = .approved) {
      self.imageIdentifier = imageIdentifier
      self.imageSize = imageSize
      self.state = state
    }
  }

  /// The message a product shows in a locale when no real-time answer chooses one.
  package struct DefaultMessage: Equatable, Sendable {
    package var productId: String
    package var locale: String
    package var messageIdentifier: String

    package init(productId: String, locale: String, messageIdentifier: String) {
      self.productId = productId
      self.locale = locale
      self.messageIdentifier = messageIdentifier
    }
  }

  package var images: [Image] = []
  package var messages: [RetentionMessage] = []
  package var defaults: [DefaultMessage] = []
  /// The Get Retention Message endpoint's URL, one per app.
  package var realtimeURL: String?
  /// Oldest first.
  package var performanceTests: [PerformanceTestRun] = []
  /// What customers who began to cancel were shown, the latest per subscription.
  package var shown: [RetentionOffer] = []

  package init() {}

  /// Apple's limits per app.
  package static let maximumImages = 2000
  package static let maximumMessages = 2000
  package static let maximumURLLength = 256

  // MARK: - Images

  /// Upload Image: `png` under `identifier`, as an image of `size` (`FULL_SIZE` when nil).
  package mutating func uploadImage(_ identifier: String, png: [UInt8], size: String?) throws(RetentionRefusal) {
    let id = try Self.uuid(identifier)
    guard let size = size.map(RetentionImageSize.init(rawValue:)) ?? .fullSize else { throw .invalidImageSize }
    guard let header = PNGHeader(png), !header.hasTransparency else { throw .invalidImage }
    guard Self.fits(header, size) else { throw .invalidImageSize }
    guard !images.contains(where: { $0.imageIdentifier == id }) else { throw .imageAlreadyExists }
    guard images.count < Self.maximumImages else { throw .maximumImagesReached }
    images.append(Image(imageIdentifier: id, imageSize: size))
  }

  /// Whether an image of `header`'s pixels is one of `size`: a full-size image is 3840
  /// pixels wide and 160 to 2160 high, as Apple's Upload Image page gives it; a bullet point
  /// is a square icon no larger than that.
  static func fits(_ header: PNGHeader, _ size: RetentionImageSize) -> Bool {
    if size == .fullSize { return header.width == 3840 && (160...2160).contains(header.height) }
    return header.width == header.height && header.width <= 2160
  }

  /// Delete Image: refused while a message shows it.
  package mutating func deleteImage(_ identifier: String) throws(RetentionRefusal) {
    let id = try Self.uuid(identifier)
    guard let index = images.firstIndex(where: { $0.imageIdentifier == id }) else { throw .imageNotFound }
    guard !messages.contains(where: { $0.imageIdentifiers.contains(id) }) else { throw .imageInUse }
    images.remove(at: index)
  }

  // MARK: - Messages

  /// Upload Message: `message`, whose images must be uploaded and of the size they are used at.
  package mutating func uploadMessage(_ message: RetentionMessage) throws(RetentionRefusal) {
    var message = try message.validated()
    message.messageIdentifier = try Self.uuid(message.messageIdentifier)
    if let image = message.image { message.image?.imageIdentifier = try requireImage(image.imageIdentifier, size: .fullSize) }
    for index in message.bulletPoints.indices {
      message.bulletPoints[index].imageIdentifier = try requireImage(message.bulletPoints[index].imageIdentifier, size: .bulletPoint)
    }
    guard !messages.contains(where: { $0.messageIdentifier == message.messageIdentifier }) else { throw .messageAlreadyExists }
    guard messages.count < Self.maximumMessages else { throw .maximumMessagesReached }
    messages.append(message)
  }

  /// The identifier of an uploaded image of `size`, lowercased.
  func requireImage(_ identifier: String, size: RetentionImageSize) throws(RetentionRefusal) -> String {
    let id = try Self.uuid(identifier)
    guard let image = images.first(where: { $0.imageIdentifier == id }) else { throw .imageNotFound }
    guard image.imageSize == size else { throw .invalidImageSize }
    return id
  }

  /// Delete Message: the default configurations that name it go with it, since a default
  /// message must be one that exists.
  package mutating func deleteMessage(_ identifier: String) throws(RetentionRefusal) {
    let id = try Self.uuid(identifier)
    guard let index = messages.firstIndex(where: { $0.messageIdentifier == id }) else { throw .messageNotFound }
    messages.remove(at: index)
    defaults.removeAll { $0.messageIdentifier == id }
  }

  /// The message `identifier` names, if uploaded.
  package func message(_ identifier: String) -> RetentionMessage? {
    let id = identifier.lowercased()
    return messages.first { $0.messageIdentifier == id }
  }

  // MARK: - Default messages

  /// Configure Default Message: `productId` shows `messageIdentifier` in `locale`, replacing
  /// any message configured there before (one a product and locale).
  package mutating func configureDefault(productId: String, locale: String, messageIdentifier: String) throws(RetentionRefusal) {
    guard Self.isLocale(locale) else { throw .invalidLocale }
    let id = try Self.uuid(messageIdentifier)
    guard message(id) != nil else { throw .messageNotFound }
    defaults.removeAll { $0.productId == productId && $0.locale == locale }
    defaults.append(DefaultMessage(productId: productId, locale: locale, messageIdentifier: id))
  }

  /// Get Default Message's answer.
  package func defaultMessage(productId: String, locale: String) throws(RetentionRefusal) -> DefaultMessage {
    guard Self.isLocale(locale) else { throw .invalidLocale }
    guard let found = defaults.first(where: { $0.productId == productId && $0.locale == locale }) else { throw .defaultMessageNotFound }
    return found
  }

  /// Delete Default Message.
  package mutating func deleteDefault(productId: String, locale: String) throws(RetentionRefusal) {
    _ = try defaultMessage(productId: productId, locale: locale)
    defaults.removeAll { $0.productId == productId && $0.locale == locale }
  }

  /// A locale as Apple writes them: a language of two or three lowercase letters, an
  /// optional script (`Hans`) and an optional region of two capitals, joined by `-` or `_`
  /// (`en-US`, `zh-Hans-CN`, `fr`).
  package static func isLocale(_ text: String) -> Bool {
    let parts = text.split(separator: "-", omittingEmptySubsequences: false).flatMap { $0.split(separator: "_", omittingEmptySubsequences: false) }
    guard let language = parts.first, (2...3).contains(language.count), language.allSatisfy({ $0.isASCII && $0.isLowercase }) else { return false }
    var rest = parts.dropFirst()
    if let script = rest.first, script.count == 4, script.first?.isUppercase == true, script.dropFirst().allSatisfy({ $0.isASCII && $0.isLowercase }) {
      rest = rest.dropFirst()
    }
    if let region = rest.first, region.count == 2, region.allSatisfy({ $0.isASCII && $0.isUppercase }) { rest = rest.dropFirst() }
    return rest.isEmpty
  }

  // MARK: - The real-time URL

  /// Configure Realtime URL: Apple takes `https://` URLs of at most 256 characters; iap also
  /// takes `http://` on a loopback address, so that a test's receiver needs no certificate.
  package mutating func configureRealtimeURL(_ url: String) throws(RetentionRefusal) {
    guard url.count <= Self.maximumURLLength, Self.isRealtimeURL(url) else { throw .invalidRealtimeURL }
    realtimeURL = url
  }

  /// Whether `url` is an `https` URL with a host, or `http` on a loopback host.
  package static func isRealtimeURL(_ url: String) -> Bool {
    let lower = url.lowercased()
    let scheme = lower.hasPrefix("https://") ? "https://" : lower.hasPrefix("http://") ? "http://" : nil
    guard let scheme else { return false }
    let authority = lower.dropFirst(scheme.count).prefix { $0 != "/" && $0 != "?" && $0 != "#" }
    let host: Substring
    if authority.hasPrefix("[") {
      host = authority.prefix { $0 != "]" }.dropFirst()
    } else {
      host = authority.prefix { $0 != ":" }
    }
    guard !host.isEmpty, !host.contains(where: { $0 == " " || $0 == "@" }) else { return false }
    return scheme == "https://" || host == "localhost" || host == "::1" || host.hasPrefix("127.")
  }

  /// Delete Realtime URL.
  package mutating func deleteRealtimeURL() throws(RetentionRefusal) {
    guard realtimeURL != nil else { throw .realtimeURLNotFound }
    realtimeURL = nil
  }

  // MARK: - Performance tests

  /// The run `requestId` names.
  package func performanceTest(_ requestId: String) throws(RetentionRefusal) -> PerformanceTestRun {
    guard let id = try? Self.uuid(requestId) else { throw .invalidRequestId }
    guard let run = performanceTests.first(where: { $0.requestId == id }) else { throw .performanceTestNotFound }
    return run
  }

  /// Keeps `run`, and at most the last 100 runs: a test is looked up soon after it ran.
  package mutating func record(_ run: PerformanceTestRun) {
    performanceTests.append(run)
    if performanceTests.count > 100 { performanceTests.removeFirst(performanceTests.count - 100) }
  }

  // MARK: - Identifiers

  /// `text` as a lowercase UUID (8-4-4-4-12 hexadecimal digits), or `invalidIdentifier`.
  package static func uuid(_ text: String) throws(RetentionRefusal) -> String {
    let lower = text.lowercased()
    let groups = lower.split(separator: "-", omittingEmptySubsequences: false)
    guard groups.map(\.count) == [8, 4, 4, 4, 12], groups.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isHexDigit } }) else { throw .invalidIdentifier }
    return lower
  }
}

/// A retention message as Upload Message takes it (`UploadMessageRequestBody`): a header, a
/// body, optionally an image above it and up to five bullet points, each with an icon.
package struct RetentionMessage: Equatable, Sendable {
  /// An image shown with the message, and the words that stand for it.
  package struct Image: Equatable, Sendable {
    package var imageIdentifier: String
    package var altText: String

    package init(imageIdentifier: String, altText: String) {
      self.imageIdentifier = imageIdentifier
      self.altText = altText
    }
  }

  /// One bullet point: its text and its icon.
  package struct BulletPoint: Equatable, Sendable {
    package var text: String
    package var imageIdentifier: String
    package var altText: String

    package init(text: String, imageIdentifier: String, altText: String) {
      self.text = text
      self.imageIdentifier = imageIdentifier
      self.altText = altText
    }
  }

  /// The message's identifier, a lowercase UUID.
  package var messageIdentifier: String
  package var header: String
  package var body: String
  package var image: Image?
  /// `ABOVE_BODY` or `ABOVE_IMAGE`; nil when the upload named none.
  package var headerPosition: String?
  package var bulletPoints: [BulletPoint]
  /// As Get Message List reports it.
  package var state: RetentionReviewState

  package init(
    messageIdentifier: String, header: String, body: String, image: Image? = nil, headerPosition: String? = nil,
    bulletPoints: [BulletPoint] = [], state: RetentionReviewState = .approved
  ) {
    self.messageIdentifier = messageIdentifier
    self.header = header
    self.body = body
    self.image = image
    self.headerPosition = headerPosition
    self.bulletPoints = bulletPoints
    self.state = state
  }

  /// Apple's limits, in characters.
  package static let maximumHeader = 66
  package static let maximumBody = 144
  package static let maximumAltText = 150
  package static let maximumBulletPoints = 5
  package static let maximumBulletPointText = 66
  /// The header positions Apple names.
  package static let headerPositions = ["ABOVE_BODY", "ABOVE_IMAGE"]

  /// Refuses what Upload Message refuses of the text alone (the images it names are checked
  /// against the uploaded ones by `RetentionMessaging.upload`).
  package func validated() throws(RetentionRefusal) -> RetentionMessage {
    guard header.count <= Self.maximumHeader else { throw .headerTooLong }
    guard body.count <= Self.maximumBody else { throw .bodyTooLong }
    if let image, image.altText.count > Self.maximumAltText { throw .altTextTooLong }
    if let headerPosition, !Self.headerPositions.contains(headerPosition) { throw .invalidMessage("headerPosition") }
    guard headerPosition != "ABOVE_IMAGE" || image != nil else { throw .aboveImageRequiresAnImage }
    guard bulletPoints.count <= Self.maximumBulletPoints else { throw .tooManyBulletPoints }
    for point in bulletPoints {
      guard point.text.count <= Self.maximumBulletPointText else { throw .bulletPointTextTooLong }
      guard point.altText.count <= Self.maximumAltText else { throw .altTextTooLong }
    }
    return self
  }

  /// Every image the message shows.
  package var imageIdentifiers: [String] { (image.map { [$0.imageIdentifier] } ?? []) + bulletPoints.map(\.imageIdentifier) }
}

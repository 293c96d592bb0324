import IAPFormats

extension RetentionMessage {
  /// The message from Apple's `UploadMessageRequestBody` JSON, under `identifier`: `header`
  /// and `body` required, `image` (`imageIdentifier`, `altText`), `headerPosition` and
  /// `bulletPoints` (`text`, `imageIdentifier`, `altText`) optional.
  package init(identifier: String, json: JSONValue) throws(RetentionRefusal) {
    guard let header = json["header"]?.stringValue else { throw .invalidMessage("header") }
    guard let body = json["body"]?.stringValue else { throw .invalidMessage("body") }
    self.init(messageIdentifier: identifier, header: header, body: body)
    if let image = json["image"], image != .null {
      guard let id = image["imageIdentifier"]?.stringValue, let alt = image["altText"]?.stringValue else { throw .invalidMessage("image") }
      self.image = Image(imageIdentifier: id, altText: alt)
    }
    if let position = json["headerPosition"], position != .null {
      guard let text = position.stringValue else { throw .invalidMessage("headerPosition") }
      headerPosition = text
    }
    if let points = json["bulletPoints"], points != .null {
      guard let list = points.arrayValue else { throw .invalidMessage("bulletPoints") }
      for point in list {
        guard let text = point["text"]?.stringValue, let id = point["imageIdentifier"]?.stringValue, let alt = point["altText"]?.stringValue
        else { throw .invalidMessage("bulletPoints") }
        bulletPoints.append(BulletPoint(text: text, imageIdentifier: id, altText: alt))
      }
    }
  }

  /// The message in the upload's shape, with its identifier and state.
  package var json: JSONValue {
    var members: [(String, JSONValue)] = [
      ("messageIdentifier", .string(messageIdentifier)), ("messageState", .string(state.rawValue)), ("header", .string(header)), ("body", .string(body)),
    ]
    if let image { members.append(("image", .object([("imageIdentifier", .string(image.imageIdentifier)), ("altText", .string(image.altText))]))) }
    if let headerPosition { members.append(("headerPosition", .string(headerPosition))) }
    if !bulletPoints.isEmpty {
      members.append(
        ("bulletPoints", .array(bulletPoints.map {
          .object([("text", .string($0.text)), ("imageIdentifier", .string($0.imageIdentifier)), ("altText", .string($0.altText))])
        })))
    }
    return .object(members)
  }
}

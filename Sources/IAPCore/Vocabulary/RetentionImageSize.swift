/// The size of a retention image (`imageSize`): one shown above a message's body, or a
/// bullet point's icon.
package enum RetentionImageSize: String, CaseIterable, Sendable {
  case fullSize = "FULL_SIZE"
  case bulletPoint = "BULLET_POINT"
}

/// The kind of document a route answers, for the OpenAPI document.
enum ControlAnswerShape: String, Sendable {
  /// `{"transactions": [Transaction…]}` and, for some, more members.
  case transactions
  /// `{"products": [Product…]}`.
  case products
  /// Some other JSON object, described in docs/control-api.md.
  case object
  /// `text/event-stream`.
  case eventStream
}

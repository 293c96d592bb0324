import IAPFormats
import IAPHTTP

/// What a route answers with.
enum ControlAnswer {
  /// A JSON document (200 unless said).
  case json(JSONValue, status: Int = 200)
  /// A response made whole by the route (the update stream, the OpenAPI document).
  case response(HTTPResponse)
}

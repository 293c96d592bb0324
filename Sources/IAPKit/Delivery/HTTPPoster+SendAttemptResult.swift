import IAPHTTP

extension HTTPPoster.Failure.Kind {
  /// The failure as the App Store records a notification's send attempt
  /// (`sendAttemptResult`).
  var sendAttemptResult: String {
    switch self {
    case .timedOut: return "TIMED_OUT"
    case .socketIssue: return "SOCKET_ISSUE"
    case .noResponse: return "NO_RESPONSE"
    case .invalidResponse: return "INVALID_RESPONSE"
    case .prematureClose: return "PREMATURE_CLOSE"
    case .unsuccessfulStatus: return "UNSUCCESSFUL_HTTP_RESPONSE_CODE"
    case .other: return "OTHER"
    }
  }
}

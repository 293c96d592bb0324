import IAPCore

/// What a user of iap's front ends can do about a failure, in their terms (an option, an
/// environment variable, a command): the core's messages name none.
extension IAPError {
  /// The remedy a front end adds to the message, if any.
  package var remedy: String? {
    switch self {
    case .catalogMissing: return "use --catalog PATH or IAP_CATALOG"
    case .stateDamaged: return "iap doctor --repair"
    default: return nil
    }
  }

  /// The message lines users see (`error: ` lines, `--json`'s `message`, the server's log):
  /// the core's messages, the last one followed by the remedy in parentheses.
  package var userMessages: [String] {
    var lines = messages
    if let remedy, let last = lines.popLast() { lines.append("\(last) (\(remedy))") }
    return lines
  }
}

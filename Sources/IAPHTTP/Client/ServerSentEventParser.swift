/// Reads Server-Sent Events out of a `text/event-stream` body fed in pieces as they arrive,
/// as the WHATWG HTML standard's event stream interpretation says: lines end with LF, CRLF or
/// CR; `:` starts a comment; `data`, `event`, `id` and `retry` are the fields, a line without
/// a colon a field with an empty value; a blank line dispatches the event, unless it has no
/// data.
package struct ServerSentEventParser: Sendable {
  /// The last `id:` seen, kept across events.
  package private(set) var lastEventId: String?
  /// The reconnection time the stream asked for (`retry:`), in milliseconds.
  package private(set) var retryMilliseconds: Int?
  private var line: [UInt8] = []
  private var afterCR = false
  private var event: String?
  private var data: [String] = []

  package init() {}

  /// The events `bytes` completes.
  package mutating func feed(_ bytes: [UInt8]) -> [ServerSentEvent] {
    var events: [ServerSentEvent] = []
    for byte in bytes {
      if afterCR {
        afterCR = false
        if byte == 0x0A { continue }  // the LF of a CRLF
      }
      if byte == 0x0A || byte == 0x0D {
        afterCR = byte == 0x0D
        if let event = take(String(decoding: line, as: UTF8.self)) { events.append(event) }
        line.removeAll(keepingCapacity: true)
      } else {
        line.append(byte)
      }
    }
    return events
  }

  /// Interprets one line; the event it dispatches, if any.
  private mutating func take(_ text: String) -> ServerSentEvent? {
    guard !text.isEmpty else {
      defer { (event, data) = (nil, []) }
      guard !data.isEmpty else { return nil }
      return ServerSentEvent(id: lastEventId, event: event ?? "message", data: data.joined(separator: "\n"))
    }
    guard !text.hasPrefix(":") else { return nil }
    let field: Substring
    var value: Substring
    if let colon = text.firstIndex(of: ":") {
      field = text[..<colon]
      value = text[text.index(after: colon)...]
      if value.hasPrefix(" ") { value = value.dropFirst() }
    } else {
      field = Substring(text)
      value = ""
    }
    switch field {
    case "data": data.append(String(value))
    case "event": event = String(value)
    case "id" where !value.contains("\0"): lastEventId = String(value)
    case "retry": if let n = Int(value), value.allSatisfy(\.isASCII) { retryMilliseconds = n }
    default: break
    }
    return nil
  }
}

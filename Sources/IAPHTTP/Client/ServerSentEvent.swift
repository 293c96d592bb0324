/// One Server-Sent Event: what a `text/event-stream` dispatches at a blank line.
package struct ServerSentEvent: Equatable, Sendable {
  /// The last event id the stream set (`id:`), which `Last-Event-ID` resumes after.
  package var id: String?
  /// `event:`, or `message` when the event named none.
  package var event: String
  /// The `data:` lines, joined by newlines.
  package var data: String

  package init(id: String?, event: String, data: String) {
    self.id = id
    self.event = event
    self.data = data
  }
}

import IAPFormats

/// StoreKit's `Message`: a message the App Store has for the customer (a price increase to
/// consent to, a billing issue, a win-back offer, or one of its own: `iap messages send`),
/// delivered through `Message.messages`.
/// The store keeps them until dismissed (`iap messages dismiss`); there is no sheet to
/// display them in here.
public struct Message: Sendable {
  /// Why the App Store has the message.
  public let reason: Message.Reason

  /// The store's identifier for the message, which tells one from another.
  let id: String

  /// StoreKit's `Message.Reason`.
  public struct Reason: RawRepresentable, Equatable, Hashable, Sendable {
    /// The raw value.
    public let rawValue: String

    /// The value of this raw value; one StoreKit does not name is kept as it is.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// A subscription's price rises, and the customer must agree.
    public static let priceIncreaseConsent = Reason(rawValue: "priceIncreaseConsent")
    /// A renewal payment failed: the customer should update the payment method.
    public static let billingIssue = Reason(rawValue: "billingIssue")
    /// A win-back offer for a lapsed subscription.
    public static let winBackOffer = Reason(rawValue: "winBackOffer")
    /// A message the App Store sends for a generic reason, about no subscription.
    public static let generic = Reason(rawValue: "generic")
  }

  /// Each message the store has, once per iteration, as the store shows it (asked twice a
  /// second), until the task iterating it is cancelled.
  public static var messages: Message.Messages {
    Messages(store: Result { () throws(StoreConnectionError) in try StoreContext.connection() })
  }

  /// StoreKit's `Message.Messages`.
  public struct Messages: AsyncSequence, Sendable {
    /// What the sequence yields.
    public typealias Element = Message

    let store: Result<StoreConnection, StoreConnectionError>

    /// Starts an iteration, with a feed of its own.
    public func makeAsyncIterator() -> AsyncIterator {
      let stream = StorePolling.stream(store, path: "/messages", context: "Message.messages", initial: Set<String>()) {
        (seen, answer) throws(StoreConnectionError) -> [Message] in
        var new: [Message] = []
        for item in answer["messages"]?.arrayValue ?? [] {
          guard let id = item.string("id"), let reason = item.string("reason"), seen.insert(id).inserted else { continue }
          new.append(Message(reason: Reason(rawValue: reason), id: id))
        }
        return new
      }
      return AsyncIterator(base: stream.makeAsyncIterator())
    }

    /// The iterator: `next()` waits for the next message; nil once the task is cancelled.
    public struct AsyncIterator: AsyncIteratorProtocol {
      var base: AsyncStream<Message>.Iterator

      /// The next element; nil at the end, or once the iterating task is cancelled.
      public mutating func next() async -> Message? { await base.next() }
    }
  }
}

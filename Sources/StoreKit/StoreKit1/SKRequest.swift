import Foundation
import IAPFormats

/// A request to the store (products, receipt refresh): `start()` sends it, and the delegate
/// hears how it ended, on the main queue.
///
/// A started request keeps itself alive until its delegate has been told, as Apple's does,
/// so an app need not hold it. The request goes to the store current when `start()` is
/// called (`StoreContext`), on a serial queue of the module's own.
open class SKRequest: NSObject {
  /// Who hears how the request ended; not retained.
  ///
  /// A products request's delegate is an `SKProductsRequestDelegate`, which refines this
  /// protocol: assigning one here is how it is set. (Apple's `SKProductsRequest` redeclares
  /// the property with that type; Swift cannot change a stored property's type in a
  /// subclass, so reading it back gives an `SKRequestDelegate`.)
  open weak var delegate: (any SKRequestDelegate)?

  /// Where the request stands.
  private let phase = NSLock()
  private var started = false
  private var cancelled = false

  /// The queue every request's store call runs on, one at a time.
  static let work = DispatchQueue(label: "StoreKit.SKRequest")

  /// Sends the request; the delegate hears the outcome later. A request starts once: a
  /// second `start()` does nothing.
  open func start() {
    let first = phase.withLock {
      defer { started = true }
      return !started
    }
    guard first else { return }
    let connection = Result { () throws(StoreConnectionError) in try StoreContext.connection() }
    let request = Handoff(self)
    Self.work.async {
      let answer = connection.flatMap { connection in
        Result { () throws(StoreConnectionError) in try request.value.send(to: connection) }
      }
      MainQueueDelivery.async(try? connection.get()) { request.value.end(answer) }
    }
  }

  /// Cancels the request: its delegate hears nothing more of it.
  open func cancel() {
    phase.withLock { cancelled = true }
  }

  /// The store call the request makes, and its answer. Each kind of request says its own.
  func send(to connection: StoreConnection) throws(StoreConnectionError) -> JSONValue {
    throw StoreConnectionError(status: 0, name: "unsupported", message: "SKRequest itself asks nothing: start an SKProductsRequest or an SKReceiptRefreshRequest")
  }

  /// Tells the delegate what `answer` means for this kind of request, before it finishes.
  func deliver(_ answer: JSONValue) {}

  /// On the main queue: the delegate hears the outcome, unless the request was cancelled.
  private func end(_ answer: Result<JSONValue, StoreConnectionError>) {
    guard !phase.withLock({ cancelled }) else { return }
    switch answer {
    case let .success(json):
      deliver(json)
      delegate?.requestDidFinish(self)
    case let .failure(failure):
      delegate?.request(self, didFailWithError: SKError(failure))
    }
  }
}

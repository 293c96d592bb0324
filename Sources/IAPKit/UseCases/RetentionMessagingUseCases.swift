import IAPCore
import IAPStorage

/// The Retention Messaging API's configuration methods: images, messages, default messages
/// and the real-time URL, kept in the store's `retention-messaging.json`. Each reads or
/// changes the file under the state's lock.
extension Workspace {
  /// Use case: Upload Image (`PUT /inApps/v1/messaging/image/{imageIdentifier}`).
  package func uploadRetentionImage(_ identifier: String, png: [UInt8], size: String?) throws(RetentionMessagingFailure) {
    try changingRetentionMessaging { value throws(RetentionRefusal) in try value.uploadImage(identifier, png: png, size: size) }
  }

  /// Use case: Delete Image (`DELETE /inApps/v1/messaging/image/{imageIdentifier}`).
  package func deleteRetentionImage(_ identifier: String) throws(RetentionMessagingFailure) {
    try changingRetentionMessaging { value throws(RetentionRefusal) in try value.deleteImage(identifier) }
  }

  /// Use case: Get Image List (`GET /inApps/v1/messaging/image/list`).
  package func retentionImages() throws(RetentionMessagingFailure) -> [RetentionMessaging.Image] {
    try readingRetentionMessaging().images
  }

  /// Use case: Upload Message (`PUT /inApps/v1/messaging/message/{messageIdentifier}`).
  package func uploadRetentionMessage(_ message: RetentionMessage) throws(RetentionMessagingFailure) {
    try changingRetentionMessaging { value throws(RetentionRefusal) in try value.uploadMessage(message) }
  }

  /// Use case: Delete Message (`DELETE /inApps/v1/messaging/message/{messageIdentifier}`).
  package func deleteRetentionMessage(_ identifier: String) throws(RetentionMessagingFailure) {
    try changingRetentionMessaging { value throws(RetentionRefusal) in try value.deleteMessage(identifier) }
  }

  /// Use case: Get Message List (`GET /inApps/v1/messaging/message/list`).
  package func retentionMessages() throws(RetentionMessagingFailure) -> [RetentionMessage] {
    try readingRetentionMessaging().messages
  }

  /// Use case: Configure Default Message (`PUT /inApps/v1/messaging/default/{productId}/{locale}`):
  /// the product must be an auto-renewable subscription of the catalog.
  package func configureDefaultRetentionMessage(productId: String, locale: String, messageIdentifier: String?) throws(RetentionMessagingFailure) {
    let catalog: Catalog
    do { catalog = try loadCatalog() } catch { throw .store(error) }
    guard catalog.product(productId)?.type == .autoRenewable else { throw .refused(.invalidProductId) }
    guard let messageIdentifier else { throw .refused(.invalidIdentifier) }
    try changingRetentionMessaging { value throws(RetentionRefusal) in
      try value.configureDefault(productId: productId, locale: locale, messageIdentifier: messageIdentifier)
    }
  }

  /// Use case: Get Default Message (`GET /inApps/v1/messaging/default/{productId}/{locale}`).
  package func defaultRetentionMessage(productId: String, locale: String) throws(RetentionMessagingFailure) -> RetentionMessaging.DefaultMessage {
    try inspectingRetentionMessaging { value throws(RetentionRefusal) in try value.defaultMessage(productId: productId, locale: locale) }
  }

  /// Use case: Delete Default Message (`DELETE /inApps/v1/messaging/default/{productId}/{locale}`).
  package func deleteDefaultRetentionMessage(productId: String, locale: String) throws(RetentionMessagingFailure) {
    try changingRetentionMessaging { value throws(RetentionRefusal) in try value.deleteDefault(productId: productId, locale: locale) }
  }

  /// Use case: Configure Realtime URL (`PUT /inApps/v1/messaging/realtime/url`).
  package func configureRealtimeURL(_ url: String?) throws(RetentionMessagingFailure) {
    guard let url else { throw .refused(.invalidRealtimeURL) }
    try changingRetentionMessaging { value throws(RetentionRefusal) in try value.configureRealtimeURL(url) }
  }

  /// Use case: Delete Realtime URL (`DELETE /inApps/v1/messaging/realtime/url`).
  package func deleteRealtimeURL() throws(RetentionMessagingFailure) {
    try changingRetentionMessaging { value throws(RetentionRefusal) in try value.deleteRealtimeURL() }
  }

  /// Use case: Get Realtime URL (`GET /inApps/v1/messaging/realtime/url`).
  package func realtimeURL() throws(RetentionMessagingFailure) -> String {
    try inspectingRetentionMessaging { value throws(RetentionRefusal) in
      guard let url = value.realtimeURL else { throw .realtimeURLNotFound }
      return url
    }
  }

  // MARK: - The file, under the state's lock

  /// The configuration as the state holds it now.
  func readingRetentionMessaging() throws(RetentionMessagingFailure) -> RetentionMessaging {
    do { return try stateDirectory.open(forWriting: false).retentionMessaging() } catch { throw .store(IAPError(error)) }
  }

  /// What `body` finds in the configuration.
  func inspectingRetentionMessaging<T>(_ body: (RetentionMessaging) throws(RetentionRefusal) -> T) throws(RetentionMessagingFailure) -> T {
    let value = try readingRetentionMessaging()
    do { return try body(value) } catch { throw .refused(error) }
  }

  /// Runs `body` on the configuration under the state's exclusive lock and saves what it
  /// changed; a refusal saves nothing.
  func changingRetentionMessaging<T>(_ body: (inout RetentionMessaging) throws(RetentionRefusal) -> T) throws(RetentionMessagingFailure) -> T {
    let session: StateSession
    var value: RetentionMessaging
    do {
      session = try stateDirectory.open(forWriting: true)
      value = try session.retentionMessaging()
    } catch { throw .store(IAPError(error)) }
    let result: T
    do { result = try body(&value) } catch { throw .refused(error) }
    do { try session.saveRetentionMessaging(value) } catch { throw .store(IAPError(error)) }
    return result
  }
}

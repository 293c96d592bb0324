import Foundation
import IAPFormats
import StoreKit

/// A namespace of the store made for one test session or one test: a store of its own on the
/// server test sessions use (`StoreContext.serverURL()`), selling its configuration file,
/// deleted when the session or the test ends so that a long suite never reaches the server's
/// limit of namespaces.
struct TestNamespace: Sendable {
  /// Where its calls go.
  let connection: StoreConnection

  /// A namespace with a name no other has (`skts-` and 16 random hexadecimal digits); the
  /// store makes it on its first request.
  init() throws(SKTestError) {
    let url: String
    do {
      url = try StoreContext.serverURL()
    } catch {
      throw SKTestError(error)
    }
    let name = "skts-" + String(UInt64.random(in: .min ... .max), radix: 16).leftPadded(to: 16)
    connection = StoreConnection(url: url, namespace: name)
  }

  /// The store `connection` already reaches (a test's, made by `.iapStore` or `withStore`).
  init(adopting connection: StoreConnection) {
    self.connection = connection
  }

  /// `PUT /catalog`: what the namespace sells. A file the store refuses is `invalidURL`, its
  /// problems named.
  static func catalogBody(_ file: ConfigurationFile) -> JSONValue {
    .object([("name", .string(file.url.lastPathComponent)), ("contents", .string(file.contents))])
  }

  /// The store's refusal of `file`, in the test environment's terms.
  static func refusal(_ error: StoreConnectionError, of file: ConfigurationFile) -> SKTestError {
    error.isUnreachable || error.status >= 500
      ? SKTestError(error)
      : SKTestError(.invalidURL, message: "the store refuses the configuration file \(file.url.path): \(error.message)")
  }

  /// Gives the namespace `file`'s catalog, blocking the calling thread while the store answers.
  /// When the server's limit of namespaces refuses it, `superseded`'s are deleted, if there
  /// are any, and it is asked once more.
  func sell(_ file: ConfigurationFile, makingRoomWith superseded: SupersededSessions? = nil) throws(SKTestError) {
    do {
      _ = try connection.callBlocking("PUT", "/catalog", body: Self.catalogBody(file))
    } catch let error where error.name == "namespaceLimit" && superseded?.deleteAll() == true {
      try sell(file)
    } catch {
      throw Self.refusal(error, of: file)
    }
  }

  /// Gives the namespace `file`'s catalog.
  func sell(_ file: ConfigurationFile) async throws(SKTestError) {
    do {
      _ = try await connection.call("PUT", "/catalog", body: Self.catalogBody(file))
    } catch {
      throw Self.refusal(error, of: file)
    }
  }

  /// Deletes the namespace, blocking the calling thread while the store answers. A store that
  /// cannot be reached any more keeps it: there is nobody to tell at this point (a session's
  /// `deinit`). The private store's state goes with the process anyway; on a server of
  /// `IAP_URL`, `DELETE /ns/NAME/iap/v1` removes what is left.
  func delete() {
    _ = try? connection.callBlocking("DELETE", "")
  }

  /// Deletes the namespace, as `delete()` does, without blocking.
  func delete() async {
    _ = try? await connection.call("DELETE", "")
  }
}

extension String {
  /// The string after as many zeros as make it `width` long.
  fileprivate func leftPadded(to width: Int) -> String {
    String(repeating: "0", count: max(0, width - count)) + self
  }
}

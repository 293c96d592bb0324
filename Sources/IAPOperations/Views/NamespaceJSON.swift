import IAPCore
import IAPFormats
import IAPKit

/// A namespace made in one call as JSON (`namespace create --json`, the control plane): what
/// a test points Apple's client and verifier at.
package enum NamespaceJSON {
  /// `{"name", "path", "baseURL", "environment", "bundleId", "appAppleId", "rootCertificate",
  /// "key": {"keyId", "issuerId", "privateKey"}, "temporary", "idleSeconds"}`; `baseURL` is
  /// null where no server answered (the command line).
  package static func document(_ created: CreatedNamespace, baseURL: String?, temporary: Bool, idleSeconds: Int?) -> JSONValue {
    .object([
      ("name", .string(created.name)), ("path", .string("/ns/\(created.name)")), ("baseURL", .optional(baseURL)),
      ("environment", .string(created.environment.rawValue)), ("bundleId", .string(created.bundleId)),
      ("appAppleId", created.appAppleId.map(JSONValue.int) ?? .null),
      ("rootCertificate", .string(created.rootCertificatePEM)),
      ("key", .object([
        ("keyId", .string(created.key.keyId)), ("issuerId", .string(created.key.issuerId)), ("privateKey", .string(created.key.privateKeyPEM)),
      ])),
      ("temporary", .bool(temporary)), ("idleSeconds", idleSeconds.map { .int(Int64($0)) } ?? .null),
    ])
  }
}

import IAPCore
import IAPCrypto
import IAPFormats
import IAPKit
import IAPOperations
import IAPStorage

/// What a developer's server needs from the store: the notifications it was sent, keys for
/// Apple's client, the root certificate to verify signed values with.
enum ServerSideRoutes {
  static let all = [
    ControlRoute(
      method: "GET", path: "/notifications",
      summary: "Every App Store Server Notification sent, decoded, with whether it was delivered and each attempt to deliver it (`attempts`: `date`, `result` as Apple's `sendAttemptResult`) (iap notifications)."
    ) { call throws(IAPError) in
      .json(NotificationsJSON.document(try call.workspace.notifications()))
    },
    ControlRoute(method: "POST", path: "/notifications/trigger", operation: NotificationTriggerOperation.spec) { call throws(IAPError) in
      .json(try NotificationTriggerOperation.perform(try NotificationTriggerOperation.request(call), in: call.workspace))
    },
    ControlRoute(method: "POST", path: "/keys", operation: KeyOperations.create) { call throws(IAPError) in
      let key = try call.workspace.createKey(output: nil, writeFile: false)
      return .json(
        .object([("keyId", .string(key.keyId)), ("issuerId", .string(key.issuerId)), ("privateKey", .string(key.privateKeyPEM))]),
        status: 201)
    },
    ControlRoute(method: "GET", path: "/keys", operation: KeyOperations.list) { call throws(IAPError) in
      .json(KeysJSON.document(try call.workspace.listKeys()))
    },
    ControlRoute(method: "PUT", path: "/keys/{keyId}", operation: KeyOperations.add) { call throws(IAPError) in
      .json(KeysJSON.document(try call.workspace.addKey(try KeyOperations.addRequest(call), publicKey: try call.required(KeyOperations.publicKey))))
    },
    ControlRoute(method: "DELETE", path: "/keys/{keyId}", operation: KeyOperations.remove) { call throws(IAPError) in
      .json(.object([("removed", .string(try call.workspace.removeKey(try KeyOperations.removeRequest(call)).keyId))]))
    },
    ControlRoute(
      method: "GET", path: "/verification",
      summary: "What a client app verifies signed values with (StoreKit's VerificationResult): the environment, the root certificate (PEM) the Sandbox and Production chains lead to, and in LocalTesting and Xcode the HMAC key (base64url), as Xcode's local testing has a certificate of its own; simulatedFailure, the fail-verification setting."
    ) { call throws(IAPError) in
      let keys = try call.workspace.verificationKeys()
      return .json(.object([
        ("environment", .string(keys.environment.rawValue)), ("rootCertificate", .string(PEM(label: "CERTIFICATE", bytes: keys.rootCertificate).text)),
        ("localTestingKey", .optional(keys.localTestingKey.map(Base64URL.encode))),
        ("simulatedFailure", .optional(keys.simulatedFailure)),
      ]))
    },
    ControlRoute(method: "POST", path: "/jws/decode", operation: JWSDecodeOperation.spec) { call throws(IAPError) in
      // The token itself only: `-` names the command's standard input, which a request has not.
      guard let token = try call.string(JWSDecodeOperation.token.info.jsonName) else { throw ControlCall.usage("missing body member 'token'") }
      return .json(DecodeJWSJSON.document(try call.workspace.decodeJWS(DecodeJWSRequest(token: .text(token)))))
    },
    ControlRoute(method: "GET", path: "/certificates/root", operation: StoreViewOperations.rootCertificate) { call throws(IAPError) in
      let result = try call.workspace.rootCertificate(RootCertificateRequest(output: nil, pem: true))
      return .json(.object([("pem", .string(result.pem))]))
    },
  ]
}

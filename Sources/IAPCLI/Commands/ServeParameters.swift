import IAPKit
import IAPOperations

/// How `iap serve` listens and whom it answers: the CLI's own parameters (no other front end
/// starts a server), declared as an operation's are.
enum ServeParameters {
  /// The address listened on.
  static let host = Parameter<String>.string(
    ParameterInfo(
      "host", json: "host", value: "address", default: "127.0.0.1", reach: .commandLineOnly,
      help: "The address to listen on; beyond loopback, with --allow-remote or --control-token."))
  /// The port listened on; 0 for a free one.
  static let port = Parameter<UInt16>.parsed(
    ParameterInfo("port", json: "port", value: "number", default: "8080", reach: .commandLineOnly, help: "The port to listen on; 0 picks a free one."),
    expected: "0 to 65535"
  ) { UInt16($0) }
  /// `Host` names answered besides loopback ones.
  static let allowHost = Parameter<[String]>.strings(
    ParameterInfo(
      "allow-host", json: "allowHost", value: "name", reach: .commandLineOnly,
      help: "Also answer requests whose Host is NAME, with any port (a name in /etc/hosts, a container's); '*' answers any. Repeatable."))
  /// Consent to serve beyond loopback without a token.
  static let allowRemote = Parameter<Bool>.flag(
    ParameterInfo(
      "allow-remote", json: "allowRemote", reach: .commandLineOnly,
      help: "Serve a --host beyond loopback without a control token: whoever reaches the port controls the store."))
  /// The bearer token the control plane requires. Its refusal does not repeat it: it is a secret.
  static let controlToken: Parameter<String> = .read(
    ParameterInfo(
      "control-token", json: "controlToken", value: "token", reach: .commandLineOnly,
      help: "Require 'Authorization: Bearer TOKEN' on the control plane; the page takes it from its URL (#token=TOKEN) or asks.")
  ) { (token, input) throws(IAPError) -> String in
    guard !token.isEmpty, token.utf8.allSatisfy({ (0x21...0x7E).contains($0) }) else {
      throw input.usage("invalid value for \(input.label(controlToken.info)): expected printable ASCII without spaces")
    }
    return token
  }

  /// One signing chain and one API key set for every namespace.
  static let sharedKeys = Parameter<Bool>.flag(
    ParameterInfo(
      "shared-keys", json: "sharedKeys", reach: .commandLineOnly,
      help: "Sign every namespace's values with the state's chain and check tokens against its keys: one verifier and one client for all."))

  /// In the order help lists them.
  static let all = [host.info, port.info, allowHost.info, allowRemote.info, controlToken.info, sharedKeys.info]
}

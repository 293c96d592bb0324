/// A namespace: a store of its own beside the state's, for test suites that run at once
/// (`iap --namespace NAME`, `IAP_NAMESPACE`, the control plane's `/ns/{name}/…`).
///
/// Each is a state folder under `<state>/namespaces/`, created on first use (and only by
/// `StateDirectory+Namespaces`, which keeps the limit). Names are what a URL path segment and
/// a folder name can both hold as they are: none begins with a dot, which marks a namespace
/// being deleted (`StateDirectory+NamespaceDeletion`).
package enum Namespace {
  /// The folder that holds the namespaces' state folders, in the state folder.
  package static let folderName = "namespaces"

  /// How many namespaces one state may hold (docs/control-api.md). Past it, a new one is
  /// refused (`namespaceLimit`: 409, exit 1) until one is deleted; those that exist keep
  /// working.
  package static let limit = 256

  /// Why `name` cannot name a namespace, or nil when it can: 1 to 64 ASCII letters, digits,
  /// `-` and `_`.
  package static func problem(_ name: String) -> String? {
    guard !name.isEmpty, name.utf8.count <= 64 else { return "expected 1 to 64 characters" }
    let allowed = name.utf8.allSatisfy { byte in
      (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte == 0x2D || byte == 0x5F
    }
    return allowed ? nil : "expected letters, digits, '-' and '_' only"
  }

  /// The state folder of namespace `name` in the state folder `base`.
  package static func folder(_ name: String, in base: String) -> String { base + "/" + folderName + "/" + name }
}

/// How the catalog, or another file a command reads (a receipt, a key, a list of product
/// identifiers), can fail a command, each with its plain message.
///
/// The application wraps these (`IAPError.catalog`); what a front end shows besides (a
/// remedy, an exit or HTTP status) is the front ends' and lives with `IAPError`.
package enum CatalogError: Error, Equatable, Sendable {
  /// The catalog file does not exist.
  case catalogMissing(path: String)
  /// The catalog has errors: one formatted line per problem.
  case catalogInvalid(path: String, problems: [String])
  /// An input file other than the catalog does not exist.
  case inputMissing(path: String)
  /// An input file other than the catalog is invalid.
  case inputInvalid(path: String, reason: String)
  /// An input (the catalog included) is not something iap reads: a device, a socket, a
  /// folder.
  case inputUnusable(path: String, reason: String)

  /// The message lines, without the `error: ` prefix or a front end's remedy; one line except
  /// for catalog problems.
  package var messages: [String] {
    switch self {
    case let .catalogMissing(path): return ["catalog not found: \(path)"]
    case let .catalogInvalid(_, problems): return problems
    case let .inputMissing(path): return ["file not found: \(path)"]
    case let .inputInvalid(path, reason), let .inputUnusable(path, reason): return ["\(path): \(reason)"]
    }
  }
}

import IAPSystem

extension InputFileError {
  /// The error for an input other than the catalog, named `path` in messages.
  package func inputError(path: String) -> CatalogError {
    switch self {
    case .unusable: return .inputUnusable(path: path, reason: reason)
    case .tooLarge, .failed: return .inputInvalid(path: path, reason: reason)
    }
  }
}

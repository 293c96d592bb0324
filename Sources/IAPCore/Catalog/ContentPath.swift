/// Why a product's `content` path is refused.
package enum ContentPathError: Error, Equatable, Sendable {
  case empty
  /// `/etc/passwd`: content lives beside the catalog, never elsewhere on the machine.
  case absolute
  /// A `..` component: the path would leave the catalog's folder.
  case escapes
  /// `.` or `./`: the whole catalog folder (which may hold the state) is not content.
  case catalogFolder
  /// A NUL byte, which no file name can hold.
  case invalidCharacter

  /// What is wrong, for "content: …" catalog problems.
  package var message: String {
    switch self {
    case .empty: return "expected a file or folder relative to the catalog's folder, got an empty path"
    case .absolute: return "an absolute path is refused: content must be a file or folder inside the catalog's folder"
    case .escapes: return "'..' is refused: content must be a file or folder inside the catalog's folder"
    case .catalogFolder: return "names the catalog's folder itself: name a file or folder inside it"
    case .invalidCharacter: return "a NUL character cannot be part of a file name"
    }
  }
}

/// A product's hosted content: a file or folder named relative to the catalog's folder.
///
/// Checked here, as text, when the catalog is read: nothing that leaves the folder gets in.
/// Links are a property of the files, not of the text, so they are refused when a download
/// starts and the files are read (`ContentSource`).
package enum ContentPath {
  /// The path's components, without empty and `.` ones (`levels/./a//b` is `levels`, `a`,
  /// `b`), or why the path is refused.
  package static func components(_ path: String) throws(ContentPathError) -> [String] {
    if path.isEmpty { throw .empty }
    if path.utf8.contains(0) { throw .invalidCharacter }
    if path.hasPrefix("/") { throw .absolute }
    let parts = path.split(separator: "/", omittingEmptySubsequences: true).map(String.init).filter { $0 != "." }
    if parts.contains("..") { throw .escapes }
    if parts.isEmpty { throw .catalogFolder }
    return parts
  }

  /// The path in the form the catalog keeps: its components joined by `/`.
  package static func normalized(_ path: String) throws(ContentPathError) -> String {
    try components(path).joined(separator: "/")
  }
}

import IAPCore
import IAPSystem

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A product's hosted content on disk: its catalog `content` path, resolved in the catalog's
/// folder and walked without following a single link.
///
/// The catalog already refused paths that leave the folder as text (`ContentPath`); what
/// only the files can tell is refused here: a symbolic link anywhere on the way or inside a
/// content folder (it could point anywhere), and anything that is not a plain file or folder.
package struct ContentSource {
  /// The content's file or folder, absolute.
  let root: String
  /// A single file, downloaded as `downloads/<productId>/<its name>`.
  let isFile: Bool
  /// Folders and files, a folder before what it holds, names sorted: the copy order.
  package let entries: [ContentEntry]

  /// Where an entry's bytes are read from.
  func sourcePath(of entry: ContentEntry) -> String { isFile ? root : root + "/" + entry.path }

  /// Finds and fingerprints `content` (a catalog path, already validated as text).
  ///
  /// - Parameters:
  ///   - catalogFolder: the folder the catalog is in, absolute.
  ///   - shownFolder: the same folder as messages name it (`""` for the working folder).
  ///   - stateFolder: the state folder, which content may not contain.
  package static func open(catalogFolder: String, shownFolder: String, content: String, productId: String, stateFolder: String)
    throws(IAPError) -> ContentSource
  {
    let components: [String]
    do { components = try ContentPath.components(content) } catch {
      throw .inputInvalid(path: content, reason: error.message)
    }
    let shownContent = (shownFolder.isEmpty ? "" : shownFolder + "/") + components.joined(separator: "/")
    var path = catalogFolder
    var shown = shownFolder
    var info = stat()
    for component in components {
      path += "/" + component
      shown += (shown.isEmpty ? "" : "/") + component
      guard lstat(path, &info) == 0 else {
        if errno == ENOENT || errno == ENOTDIR { throw .inputMissing(path: "\(shownContent) (the hosted content of '\(productId)')") }
        throw .inputInvalid(path: shown, reason: String(cString: strerror(errno)))
      }
      if (info.st_mode & S_IFMT) == S_IFLNK {
        throw .inputInvalid(path: shown, reason: "is a symbolic link: links in hosted content are refused")
      }
    }
    switch info.st_mode & S_IFMT {
    case S_IFREG:
      let name = components.last!
      let entry = ContentEntry(path: name, size: Int(info.st_size), sha256: try digest(path, shown: shown))
      return ContentSource(root: path, isFile: true, entries: [entry])
    case S_IFDIR:
      if let real = realPath(path), let state = realPath(stateFolder), state == real || state.hasPrefix(real + "/") {
        throw .inputInvalid(path: shown, reason: "holds the state folder: content cannot contain its own downloads")
      }
      var entries: [ContentEntry] = []
      try walk(path, relative: "", shown: shown, into: &entries)
      return ContentSource(root: path, isFile: false, entries: entries)
    default:
      throw .inputInvalid(path: shown, reason: "is not a file or folder")
    }
  }

  /// Adds what the folder at `path` holds, depth first, names sorted.
  private static func walk(_ path: String, relative: String, shown: String, into entries: inout [ContentEntry]) throws(IAPError) {
    let names: [String]
    do { names = try POSIXFile.directoryEntries(path).sorted() } catch {
      throw .inputInvalid(path: shown, reason: error.description)
    }
    for name in names {
      let child = path + "/" + name
      let childRelative = relative.isEmpty ? name : relative + "/" + name
      let childShown = shown + "/" + name
      var info = stat()
      guard lstat(child, &info) == 0 else { throw .inputInvalid(path: childShown, reason: String(cString: strerror(errno))) }
      switch info.st_mode & S_IFMT {
      case S_IFDIR:
        entries.append(ContentEntry(path: childRelative, isDirectory: true))
        try walk(child, relative: childRelative, shown: childShown, into: &entries)
      case S_IFREG:
        entries.append(ContentEntry(path: childRelative, size: Int(info.st_size), sha256: try digest(child, shown: childShown)))
      case S_IFLNK:
        throw .inputInvalid(path: childShown, reason: "is a symbolic link: links in hosted content are refused")
      default:
        throw .inputInvalid(path: childShown, reason: "is not a file or folder")
      }
    }
  }

  /// SHA-256 of a file, read in chunks without following a link swapped in meanwhile.
  static func digest(_ path: String, shown: String) throws(IAPError) -> String {
    do {
      return try FileDigest.sha256(path)
    } catch {
      throw .inputInvalid(path: shown, reason: error.description)
    }
  }

  /// The path with every link resolved; for a path that does not exist yet (a state folder
  /// before its first command), its nearest existing folder's, plus the rest.
  private static func realPath(_ path: String) -> String? {
    if let resolved = realpath(path, nil) {
      defer { free(resolved) }
      return String(cString: resolved)
    }
    let parent = POSIXFile.parentDirectory(of: path)
    guard parent != path, let name = path.split(separator: "/").last, let real = realPath(parent) else { return nil }
    return (real == "/" ? "" : real) + "/" + name
  }
}

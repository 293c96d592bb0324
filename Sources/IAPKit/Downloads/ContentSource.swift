import IAPCatalog
import IAPCore
import IAPSystem

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
      throw .catalog(.inputInvalid(path: content, reason: error.message))
    }
    let shownContent = (shownFolder.isEmpty ? "" : shownFolder + "/") + components.joined(separator: "/")
    var path = catalogFolder
    var shown = shownFolder
    var info: FileStatus?
    for component in components {
      path += "/" + component
      shown += (shown.isEmpty ? "" : "/") + component
      do { info = try FileStatus(path: path, followingLinks: false) } catch {
        if error == .noSuchFile || error == .notDirectory { throw .catalog(.inputMissing(path: "\(shownContent) (the hosted content of '\(productId)')")) }
        throw .catalog(.inputInvalid(path: shown, reason: error.description))
      }
      if info?.kind == .symbolicLink {
        throw .catalog(.inputInvalid(path: shown, reason: "is a symbolic link: links in hosted content are refused"))
      }
    }
    switch info?.kind {
    case .regular:
      let name = components.last!
      let entry = ContentEntry(path: name, size: info!.size, sha256: try digest(path, shown: shown))
      return ContentSource(root: path, isFile: true, entries: [entry])
    case .directory:
      if let real = realPath(path), let state = realPath(stateFolder), state == real || state.hasPrefix(real + "/") {
        throw .catalog(.inputInvalid(path: shown, reason: "holds the state folder: content cannot contain its own downloads"))
      }
      var entries: [ContentEntry] = []
      try walk(path, relative: "", shown: shown, into: &entries)
      return ContentSource(root: path, isFile: false, entries: entries)
    default:
      throw .catalog(.inputInvalid(path: shown, reason: "is not a file or folder"))
    }
  }

  /// Adds what the folder at `path` holds, depth first, names sorted.
  private static func walk(_ path: String, relative: String, shown: String, into entries: inout [ContentEntry]) throws(IAPError) {
    let names: [String]
    do { names = try POSIXFile.directoryEntries(path).sorted() } catch {
      throw .catalog(.inputInvalid(path: shown, reason: error.description))
    }
    for name in names {
      let child = path + "/" + name
      let childRelative = relative.isEmpty ? name : relative + "/" + name
      let childShown = shown + "/" + name
      let info: FileStatus
      do { info = try FileStatus(path: child, followingLinks: false) } catch {
        throw .catalog(.inputInvalid(path: childShown, reason: error.description))
      }
      switch info.kind {
      case .directory:
        entries.append(ContentEntry(path: childRelative, isDirectory: true))
        try walk(child, relative: childRelative, shown: childShown, into: &entries)
      case .regular:
        entries.append(ContentEntry(path: childRelative, size: info.size, sha256: try digest(child, shown: childShown)))
      case .symbolicLink:
        throw .catalog(.inputInvalid(path: childShown, reason: "is a symbolic link: links in hosted content are refused"))
      default:
        throw .catalog(.inputInvalid(path: childShown, reason: "is not a file or folder"))
      }
    }
  }

  /// SHA-256 of a file, read in chunks without following a link swapped in meanwhile.
  static func digest(_ path: String, shown: String) throws(IAPError) -> String {
    do {
      return try FileDigest.sha256(path)
    } catch {
      throw .catalog(.inputInvalid(path: shown, reason: error.description))
    }
  }

  /// The path with every link resolved; for a path that does not exist yet (a state folder
  /// before its first command), its nearest existing folder's, plus the rest.
  private static func realPath(_ path: String) -> String? {
    if let resolved = POSIXFile.resolvedPath(path) { return resolved }
    let parent = POSIXFile.parentDirectory(of: path)
    guard parent != path, let name = path.split(separator: "/").last, let real = realPath(parent) else { return nil }
    return (real == "/" ? "" : real) + "/" + name
  }
}

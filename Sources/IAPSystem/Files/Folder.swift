#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// An open folder of iap's own (the state folder, `downloads/`, `downloading/` and what is
/// inside them), whose files are reached only relative to its descriptor (`openat`,
/// `renameat`, `unlinkat`, …) and never through a symbolic link.
///
/// The folder is checked once, when it is opened (a real folder owned by the user running
/// iap, reached without following a link in its last component); from then on the
/// descriptor is that folder, so a process that swaps the path for a link afterwards cannot
/// redirect a single read or write. Names are one component each; `relative` paths (hosted
/// content's own folders) are walked a component at a time under the same rules.
package final class Folder {
  /// The descriptor every operation is relative to.
  package let fd: Int32
  /// The folder as the user named it: for messages only, never opened again.
  package let path: String

  private init(fd: Int32, path: String) {
    self.fd = fd
    self.path = path
  }

  deinit { close(fd) }

  /// Opens the folder at `path`, or nil when it does not exist and `create` is false.
  /// With `create`, it is made (with missing parents, mode 0700) first.
  package static func open(_ path: String, create: Bool) throws(POSIXFileError) -> Folder? {
    var fd = systemOpenDirectory(AT_FDCWD, path)
    if fd < 0 && errno == ENOENT && create {
      try POSIXFile.makeDirectory(path)
      fd = systemOpenDirectory(AT_FDCWD, path)
    }
    guard fd >= 0 else {
      if errno == ENOENT && !create { return nil }
      throw folderError(path, errno, base: AT_FDCWD, name: path)
    }
    return try checked(fd, path: path)
  }

  /// Opens the folder `name` inside this one, making it (0700) when `create` is true; nil
  /// when it does not exist and `create` is false.
  package func subfolder(_ name: String, create: Bool) throws(POSIXFileError) -> Folder? {
    let shown = self.path(name)
    try Self.checkName(name, shown)
    var fd = systemOpenDirectory(self.fd, name)
    if fd < 0 && errno == ENOENT && create {
      if mkdirat(self.fd, name, 0o700) != 0 && errno != EEXIST { throw POSIXFileError(path: shown, operation: "mkdir", code: errno) }
      fd = systemOpenDirectory(self.fd, name)
    }
    guard fd >= 0 else {
      if errno == ENOENT && !create { return nil }
      throw Self.folderError(shown, errno, base: self.fd, name: name)
    }
    return try Self.checked(fd, path: shown)
  }

  /// The folder at `relative` (components separated by `/`) inside this one, each component
  /// opened as `subfolder`.
  package func subfolder(relative: String, create: Bool) throws(POSIXFileError) -> Folder? {
    var folder = self
    for component in relative.split(separator: "/") where component != "." {
      guard let next = try folder.subfolder(String(component), create: create) else { return nil }
      folder = next
    }
    return folder
  }

  /// Opens the file `name` in this folder; a symbolic link there is refused (`ELOOP`). A file
  /// that already existed must be a regular file with one link: a FIFO or device planted in
  /// its place would block or never end, and a hard link to a file elsewhere would carry
  /// iap's writes outside the folder.
  package func open(_ name: String, _ flags: OpenFlags, mode: mode_t = 0o600) throws(POSIXFileError) -> Int32 {
    let shown = path(name)
    try Self.checkName(name, shown)
    var fd: Int32
    repeat { fd = openat(self.fd, name, flags.rawValue | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, mode) } while fd < 0 && errno == EINTR
    guard fd >= 0 else { throw POSIXFileError(path: shown, operation: "open", code: errno) }
    var st = stat()
    guard fstat(fd, &st) == 0 else {
      let code = errno
      close(fd)
      throw POSIXFileError(path: shown, operation: "stat", code: code)
    }
    let writes = flags.writes
    let problem: Int32? = (st.st_mode & S_IFMT) != S_IFREG ? EINVAL : (writes && st.st_nlink > 1) ? EMLINK : nil
    if let problem {
      close(fd)
      throw POSIXFileError(path: shown, operation: "open", code: problem)
    }
    // O_NONBLOCK was only for the open: reads of a regular file never block anyway.
    return fd
  }

  /// The file at `relative` (its folders walked as `subfolder(relative:create:)`), opened as
  /// `open(_:_:mode:)`.
  package func open(relative: String, _ flags: OpenFlags, createFolders: Bool = false) throws(POSIXFileError) -> Int32 {
    let (folderPart, name) = Self.split(relative)
    guard let folder = try subfolder(relative: folderPart, create: createFolders) else {
      throw POSIXFileError(path: path(relative), operation: "open", code: ENOENT)
    }
    return try folder.open(name, flags)
  }

  /// The whole file `name`, or nil when it does not exist.
  package func readIfExists(_ name: String) throws(POSIXFileError) -> [UInt8]? {
    let fd: Int32
    do { fd = try open(name, .readOnly) } catch { if error.isMissing { return nil }; throw error }
    defer { close(fd) }
    return try POSIXFile.readAll(fd, path: path(name), from: 0)
  }

  /// Whether anything (a link included) stands at `name`.
  package func exists(_ name: String) -> Bool {
    guard (try? Self.checkName(name, name)) != nil else { return false }
    var st = stat()
    return fstatat(fd, name, &st, AT_SYMLINK_NOFOLLOW) == 0
  }

  /// Replaces `name` with `bytes` so that a crash leaves the old content or the new: a
  /// temporary file (`name.tmp`, made afresh with `O_EXCL` after unlinking whatever stands
  /// there, mode 0600) is written, fsynced and renamed over `name`, and the folder fsynced.
  /// The temporary name is the writer's alone under the exclusive lock every writer holds;
  /// a fixed name means a crash leaves nothing that the next write does not take over.
  package func replaceAtomically(_ name: String, with bytes: [UInt8]) throws(POSIXFileError) {
    try replaceAtomically(name) { (emit: ([UInt8]) throws(POSIXFileError) -> Void) throws(POSIXFileError) in try emit(bytes) }
  }

  /// `replaceAtomically(_:with:)` for contents made in pieces: `produce` hands each piece to
  /// the function it is given, which appends it to the temporary file, so that a large file
  /// (a snapshot of a long queue) is never whole in memory.
  package func replaceAtomically(
    _ name: String, producing produce: (_ emit: ([UInt8]) throws(POSIXFileError) -> Void) throws(POSIXFileError) -> Void
  ) throws(POSIXFileError) {
    let temporary = name + ".tmp"
    if unlinkat(fd, temporary, 0) != 0 && errno != ENOENT { throw POSIXFileError(path: path(temporary), operation: "unlink", code: errno) }
    let file = try open(temporary, [.writeOnly, .create, .exclusive])
    do {
      var written = 0
      try produce { (piece: [UInt8]) throws(POSIXFileError) -> Void in
        try POSIXFile.write(file, piece, at: written, path: path(temporary))
        written += piece.count
      }
      try POSIXFile.sync(file, path: path(temporary))
    } catch {
      close(file)
      unlinkat(fd, temporary, 0)
      throw error
    }
    close(file)
    do { try rename(temporary, to: name) } catch {
      unlinkat(fd, temporary, 0)
      throw error
    }
    try sync()
  }

  /// Renames `name` to `newName` in this folder, or in `target` when given.
  package func rename(_ name: String, to newName: String, in target: Folder? = nil) throws(POSIXFileError) {
    let destination = target ?? self
    try Self.checkName(name, path(name))
    try Self.checkName(newName, destination.path(newName))
    if renameat(fd, name, destination.fd, newName) != 0 {
      throw POSIXFileError(path: destination.path(newName), operation: "rename", code: errno)
    }
  }

  /// Removes the file `name`; fine when it is not there.
  package func unlink(_ name: String) throws(POSIXFileError) {
    try Self.checkName(name, path(name))
    if unlinkat(fd, name, 0) != 0 && errno != ENOENT { throw POSIXFileError(path: path(name), operation: "unlink", code: errno) }
  }

  /// Links the file `name` as `newName` too (`EEXIST` when that name is taken).
  package func link(_ name: String, as newName: String) throws(POSIXFileError) {
    try Self.checkName(name, path(name))
    try Self.checkName(newName, path(newName))
    if linkat(fd, name, fd, newName, 0) != 0 { throw POSIXFileError(path: path(newName), operation: "link", code: errno) }
  }

  /// Removes `name`, a file or a folder with everything in it, following no link.
  package func removeTree(_ name: String) throws(POSIXFileError) {
    try Self.checkName(name, path(name))
    var st = stat()
    guard fstatat(fd, name, &st, AT_SYMLINK_NOFOLLOW) == 0 else {
      if errno == ENOENT { return }
      throw POSIXFileError(path: path(name), operation: "stat", code: errno)
    }
    if (st.st_mode & S_IFMT) == S_IFDIR {
      if let inner = try subfolder(name, create: false) {
        for entry in try inner.entries() { try inner.removeTree(entry) }
      }
      if unlinkat(fd, name, AT_REMOVEDIR) != 0 { throw POSIXFileError(path: path(name), operation: "rmdir", code: errno) }
    } else if unlinkat(fd, name, 0) != 0 && errno != ENOENT {
      throw POSIXFileError(path: path(name), operation: "unlink", code: errno)
    }
  }

  /// The names in the folder, without `.` and `..`.
  package func entries() throws(POSIXFileError) -> [String] {
    // fdopendir takes the descriptor over, so it gets a duplicate of its own.
    let copy = dup(fd)
    guard copy >= 0, let dir = fdopendir(copy) else {
      let code = errno
      if copy >= 0 { close(copy) }
      throw POSIXFileError(path: path, operation: "opendir", code: code)
    }
    defer { closedir(dir) }
    rewinddir(dir)
    var names: [String] = []
    while let entry = readdir(dir) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { String(cString: $0.bindMemory(to: CChar.self).baseAddress!) }
      if name != "." && name != ".." { names.append(name) }
    }
    return names
  }

  /// Makes renames, creations and removals in the folder durable.
  package func sync() throws(POSIXFileError) {
    if fsync(fd) != 0 { throw POSIXFileError(path: path, operation: "fsync", code: errno) }
  }

  /// `name` inside the folder, for messages.
  package func path(_ name: String) -> String { path == "/" ? "/" + name : path + "/" + name }

  // MARK: - Opening folders

  /// Checks what `fd` opened: a folder owned by the user running iap.
  private static func checked(_ fd: Int32, path: String) throws(POSIXFileError) -> Folder {
    var st = stat()
    guard fstat(fd, &st) == 0 else {
      let code = errno
      close(fd)
      throw POSIXFileError(path: path, operation: "stat", code: code)
    }
    guard st.st_uid == geteuid() else {
      close(fd)
      throw POSIXFileError(path: path, operation: "open", code: EPERM, detail: "\(path) belongs to another user (uid \(st.st_uid))")
    }
    return Folder(fd: fd, path: path)
  }

  /// Why a folder could not be opened: a link in its place (`ELOOP`), something that is not
  /// a folder (`ENOTDIR`), or the system's reason.
  private static func folderError(_ path: String, _ code: Int32, base: Int32, name: String) -> POSIXFileError {
    // Linux answers ENOTDIR, not ELOOP, for a link opened with O_DIRECTORY | O_NOFOLLOW.
    var st = stat()
    let isLink = fstatat(base, name, &st, AT_SYMLINK_NOFOLLOW) == 0 && (st.st_mode & S_IFMT) == S_IFLNK
    switch isLink ? ELOOP : code {
    case ELOOP: return POSIXFileError(path: path, operation: "open", code: code, detail: "\(path) is a symbolic link: iap keeps its files only in a real folder")
    case ENOTDIR: return POSIXFileError(path: path, operation: "open", code: code, detail: "\(path) is not a folder")
    default: return POSIXFileError(path: path, operation: "open", code: code)
    }
  }

  /// Refuses a name that is not one component of this folder (`..`, or one holding `/`,
  /// such as a product id made to climb out): no name may lead outside.
  private static func checkName(_ name: String, _ shown: String) throws(POSIXFileError) {
    guard name.isEmpty || name == "." || name == ".." || name.utf8.contains(UInt8(ascii: "/")) else { return }
    throw POSIXFileError(path: shown, operation: "open", code: EINVAL, detail: "\(shown): '\(name)' is not a single file name")
  }

  /// (folders, file name) of a relative path.
  private static func split(_ relative: String) -> (String, String) {
    guard let slash = relative.lastIndex(of: "/") else { return ("", relative) }
    return (String(relative[..<slash]), String(relative[relative.index(after: slash)...]))
  }
}

/// Opens a folder relative to `base` without following a link in its last component.
private func systemOpenDirectory(_ base: Int32, _ name: String) -> Int32 {
  var fd: Int32
  repeat { fd = openat(base, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC) } while fd < 0 && errno == EINTR
  return fd
}

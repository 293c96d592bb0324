#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What `stat`, `lstat`, `fstat` and `fstatat` say of a file, as a value: which file it is
/// (device and inode), its kind, size, links, owner and times.
package struct FileStatus: Equatable, Sendable {
  /// A file time to the nanosecond (a `timespec`).
  package struct Time: Equatable, Sendable {
    /// Whole seconds since 1970.
    package var seconds: Int64
    /// Nanoseconds past `seconds`.
    package var nanoseconds: Int64
  }

  /// The device the file is on (`st_dev`).
  package var device: UInt64
  /// The file's number on its device (`st_ino`).
  package var inode: UInt64
  /// What stands there.
  package var kind: FileKind
  /// The size in bytes (`st_size`).
  package var size: Int
  /// How many names the file has (`st_nlink`): 0 once all are unlinked.
  package var linkCount: Int
  /// The owner's user id (`st_uid`).
  package var owner: UInt32
  /// The last change of the content (`st_mtime`).
  package var modified: Time
  /// The last change of the content or the name (`st_ctime`), which no user can set back.
  package var changed: Time

  /// The status of the open file `fd` (`fstat`).
  package init(fd: Int32) throws(Errno) {
    var st = stat()
    guard fstat(fd, &st) == 0 else { throw .current }
    self.init(st)
  }

  /// The status of the file at `path` (`stat`), or of a link there itself (`lstat`) unless
  /// `followingLinks`.
  package init(path: String, followingLinks: Bool) throws(Errno) {
    var st = stat()
    guard (followingLinks ? stat(path, &st) : lstat(path, &st)) == 0 else { throw .current }
    self.init(st)
  }

  /// The status of `name` in `folder`, of a link there itself (`fstatat`, not following).
  package init(_ name: String, in folder: Folder) throws(Errno) {
    var st = stat()
    guard fstatat(folder.fd, name, &st, AT_SYMLINK_NOFOLLOW) == 0 else { throw .current }
    self.init(st)
  }

  /// Whether `other` is the same file (device and inode).
  package func isSameFile(as other: FileStatus) -> Bool { device == other.device && inode == other.inode }

  private init(_ st: stat) {
    #if canImport(Darwin)
      let m = st.st_mtimespec, c = st.st_ctimespec
    #else
      let m = st.st_mtim, c = st.st_ctim
    #endif
    device = UInt64(truncatingIfNeeded: st.st_dev)
    inode = UInt64(truncatingIfNeeded: st.st_ino)
    kind = FileKind(mode: st.st_mode)
    size = Int(st.st_size)
    linkCount = Int(st.st_nlink)
    owner = UInt32(truncatingIfNeeded: st.st_uid)
    modified = Time(seconds: Int64(m.tv_sec), nanoseconds: Int64(m.tv_nsec))
    changed = Time(seconds: Int64(c.tv_sec), nanoseconds: Int64(c.tv_nsec))
  }
}

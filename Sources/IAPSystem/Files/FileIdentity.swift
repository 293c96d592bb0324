#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Which file stands at a name, and how it was when last changed: device, inode, size and
/// the modification and change times. The server keeps what it parsed from a state file
/// under this, and parses again only when one `stat` says the file changed.
///
/// A file's change time (`ctime`) moves with every write, truncation or rename of it, and no
/// user can set it back; a file replaced by a rename is another inode. Two versions with the
/// same identity would need the same inode, size and both times to the nanosecond of the
/// file system's clock.
package struct FileIdentity: Equatable, Sendable {
  private var values: [Int64]

  /// The identity of `name` in `folder` (not following a link), or nil when nothing is there.
  package init?(_ name: String, in folder: Folder) {
    var st = stat()
    guard fstatat(folder.fd, name, &st, AT_SYMLINK_NOFOLLOW) == 0 else { return nil }
    self.init(st)
  }

  /// The identity of the file at `path` (not following a last link), or nil when nothing is there.
  package init?(path: String) {
    var st = stat()
    guard lstat(path, &st) == 0 else { return nil }
    self.init(st)
  }

  /// The identity of the open file `fd`, or nil when it cannot be `stat`ed.
  package init?(fd: Int32) {
    var st = stat()
    guard fstat(fd, &st) == 0 else { return nil }
    self.init(st)
  }

  private init(_ st: stat) {
    #if canImport(Darwin)
      let m = st.st_mtimespec, c = st.st_ctimespec
    #else
      let m = st.st_mtim, c = st.st_ctim
    #endif
    values = [
      Int64(st.st_dev), Int64(st.st_ino), Int64(st.st_size), Int64(m.tv_sec), Int64(m.tv_nsec), Int64(c.tv_sec), Int64(c.tv_nsec),
    ]
  }
}

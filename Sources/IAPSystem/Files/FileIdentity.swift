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
    guard let status = try? FileStatus(name, in: folder) else { return nil }
    self.init(status)
  }

  /// The identity of the file at `path` (not following a last link), or nil when nothing is there.
  package init?(path: String) {
    guard let status = try? FileStatus(path: path, followingLinks: false) else { return nil }
    self.init(status)
  }

  /// The identity of the open file `fd`, or nil when it cannot be `stat`ed.
  package init?(fd: Int32) {
    guard let status = try? FileStatus(fd: fd) else { return nil }
    self.init(status)
  }

  private init(_ status: FileStatus) {
    let m = status.modified, c = status.changed
    values = [
      Int64(bitPattern: status.device), Int64(bitPattern: status.inode), Int64(status.size), m.seconds, m.nanoseconds, c.seconds,
      c.nanoseconds,
    ]
  }
}

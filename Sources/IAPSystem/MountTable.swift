#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Which file system a folder is on, from Linux's `/proc/self/mountinfo`: `FolderWatch` does
/// not watch a folder on a network or user-space file system, where another machine (or a
/// FUSE daemon) can change files without the kernel here queueing any event.
package enum MountTable {
  /// File system types whose files can change without this kernel knowing: network shares,
  /// FUSE (sshfs, cloud buckets), a VM's or container's shared folders.
  static let sharedTypes: Set<String> = [
    "nfs", "nfs4", "cifs", "smb3", "smbfs", "9p", "ceph", "glusterfs", "lustre", "afs", "gfs2", "ocfs2", "fuse", "fuseblk",
    "virtiofs", "vboxsf", "vmhgfs", "prl_fs",
  ]

  /// Whether files of a file system of `type` may change without an inotify event.
  package static func isShared(_ type: String) -> Bool {
    sharedTypes.contains(type) || type.hasPrefix("fuse.")
  }

  /// The type of the file system `path` (absolute, without symbolic links) is on, as the
  /// mountinfo `text` says: that of the longest mount point `path` is in (the last mounted,
  /// where two are the same); nil when no line reads.
  package static func fileSystemType(of path: String, mountInfo text: String) -> String? {
    var best: (point: String, type: String)?
    for line in text.split(separator: "\n") {
      // ID PARENT MAJOR:MINOR ROOT MOUNT-POINT OPTIONS [OPTIONAL…] - TYPE SOURCE SUPER-OPTIONS
      let fields = line.split(separator: " ", omittingEmptySubsequences: false)
      guard fields.count > 6, let dash = fields.firstIndex(of: "-"), dash >= 6, dash + 1 < fields.count else { continue }
      let point = unescaped(fields[4])
      let inside = point == "/" || path == point || path.hasPrefix(point.hasSuffix("/") ? point : point + "/")
      if inside, point.utf8.count >= (best?.point.utf8.count ?? 0) { best = (point, String(fields[dash + 1])) }
    }
    return best?.type
  }

  /// The type of the file system `path` is on, read from this process's mount table; nil
  /// where there is none (not Linux) or it cannot be read.
  package static func fileSystemType(of path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    guard let text = readWhole("/proc/self/mountinfo") else { return nil }
    return fileSystemType(of: String(cString: resolved), mountInfo: text)
  }

  /// Mount points write a space, a tab, a newline and a backslash as octal escapes.
  private static func unescaped(_ field: Substring) -> String {
    guard field.contains("\\") else { return String(field) }
    var bytes: [UInt8] = []
    let utf8 = Array(field.utf8)
    var index = 0
    while index < utf8.count {
      if utf8[index] == 0x5C, index + 3 < utf8.count,
        let value = UInt8(String(decoding: utf8[(index + 1)...(index + 3)], as: UTF8.self), radix: 8)
      {
        bytes.append(value)
        index += 4
      } else {
        bytes.append(utf8[index])
        index += 1
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// The bytes of a file the kernel makes up as it is read (its size reads as 0), as text.
  private static func readWhole(_ path: String) -> String? {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 16_384)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
      if count < 0 && errno == EINTR { continue }
      guard count >= 0 else { return nil }
      if count == 0 { break }
      bytes += chunk[0..<count]
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

package extension POSIXFile {
  /// Writes a file for the user (`catalog convert -o`) so that readers see the old content or
  /// the new, never a part: a uniquely named temporary file beside it, fsynced, renamed over
  /// it. Unlike `replaceAtomically`, the temporary name cannot be an existing file's (it is
  /// created exclusively), and the file gets ordinary permissions (0666 less the umask).
  static func writeAtomically(_ path: String, _ bytes: [UInt8]) throws(POSIXFileError) {
    let directory = parentDirectory(of: path)
    let name = path.split(separator: "/").last.map(String.init) ?? path
    var temporary = ""
    var fd: Int32 = -1
    for _ in 0..<16 {
      temporary = "\(directory)/.\(name).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp"
      do {
        fd = try open(temporary, [.writeOnly, .create, .exclusive], mode: 0o666)
        break
      } catch where error.code == EEXIST {
        continue
      }
    }
    guard fd >= 0 else { throw POSIXFileError(path: temporary, operation: "open", code: EEXIST) }
    try renameIntoPlace(fd, temporary, path, bytes, directory: directory)
  }

  /// Whether two paths name the same existing file (through links too).
  static func sameFile(_ a: String, _ b: String) -> Bool {
    var sa = stat()
    var sb = stat()
    guard stat(a, &sa) == 0, stat(b, &sb) == 0 else { return false }
    return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino
  }
}

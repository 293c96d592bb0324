#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Why a file operation failed: the call, the path, and `strerror(errno)`.
package struct POSIXFileError: Error, Equatable, Sendable, CustomStringConvertible {
  package var path: String
  package var operation: String
  package var code: Int32
  /// What to say instead of the system's words, when iap knows better what went wrong.
  package var detail: String?

  package init(path: String, operation: String, code: Int32, detail: String? = nil) {
    self.path = path
    self.operation = operation
    self.code = code
    self.detail = detail
  }

  /// The failure of `operation` on `path` with `errno`.
  package init(path: String, operation: String, errno: Errno, detail: String? = nil) {
    self.init(path: path, operation: operation, code: errno.rawValue, detail: detail)
  }

  /// The error number, by name.
  package var errno: Errno { Errno(rawValue: code) }

  package var description: String {
    if let detail { return detail }
    if operation == "open" {
      // The refusals of `Folder.open`: say what they mean.
      switch code {
      case ELOOP: return "\(path) is a symbolic link, and iap does not follow links to its own files"
      case EMLINK: return "\(path) has other hard links, and iap writes only to files of its own"
      case EINVAL: return "\(path) is not a regular file"
      default: break
      }
    }
    return "\(operation) \(path): \(String(cString: strerror(code)))"
  }

  /// The file or folder does not exist.
  package var isMissing: Bool { code == ENOENT }
}

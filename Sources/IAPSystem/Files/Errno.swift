#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A system call's error number, by name (`.noSuchFile` for `ENOENT`), as swift-system's
/// `Errno`: what callers above IAPSystem compare a failure with, without the C constants.
package struct Errno: Error, Hashable, Sendable, RawRepresentable, CustomStringConvertible {
  /// The C value (`ENOENT`, …).
  package var rawValue: Int32

  /// The error numbered `rawValue`.
  package init(rawValue: Int32) { self.rawValue = rawValue }

  /// The calling thread's `errno`: read it at once after the call that failed, before any
  /// other call can change it.
  package static var current: Errno { Errno(rawValue: errno) }

  /// The system's words for it (`strerror`).
  package var description: String { String(cString: strerror(rawValue)) }

  /// `ENOENT`: nothing exists at the name.
  package static let noSuchFile = Errno(rawValue: ENOENT)
  /// `ENOTDIR`: a component of the path is not a folder.
  package static let notDirectory = Errno(rawValue: ENOTDIR)
  /// `EEXIST`: the name is taken.
  package static let fileExists = Errno(rawValue: EEXIST)
  /// `ENOTEMPTY`: the folder still holds something.
  package static let directoryNotEmpty = Errno(rawValue: ENOTEMPTY)
  /// `EINTR`: a signal interrupted the call.
  package static let interrupted = Errno(rawValue: EINTR)
  /// `EWOULDBLOCK`: the call would have had to wait (a lock held elsewhere).
  package static let wouldBlock = Errno(rawValue: EWOULDBLOCK)
  /// `EACCES`: the permissions refuse it.
  package static let permissionDenied = Errno(rawValue: EACCES)
  /// `EPERM`: the operation is not the caller's to do.
  package static let notPermitted = Errno(rawValue: EPERM)
  /// `EROFS`: the file system is mounted read-only.
  package static let readOnlyFileSystem = Errno(rawValue: EROFS)
}

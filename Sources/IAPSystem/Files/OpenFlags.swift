#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// How a file is opened (`open(2)`'s flags), as swift-system's `FileDescriptor.AccessMode`
/// and `OpenOptions` in one set: one access mode (`readOnly`, the empty set, `writeOnly` or
/// `readWrite`) and any options.
package struct OpenFlags: OptionSet, Sendable {
  /// The C flags (`O_RDONLY | …`).
  package var rawValue: Int32

  /// The flags whose C value is `rawValue`.
  package init(rawValue: Int32) { self.rawValue = rawValue }

  /// The flags of a literal such as `[.readOnly, .noFollow]`, folded here: `SetAlgebra`'s
  /// generic initialiser looks the type up by its mangled name at run time, a real part of a
  /// command's start-up, which opens files with a literal on every path.
  package init(arrayLiteral flags: OpenFlags...) {
    rawValue = flags.reduce(0) { $0 | $1.rawValue }
  }

  /// `O_RDONLY`: reading only (zero, so the same as no flags).
  package static let readOnly = OpenFlags(rawValue: O_RDONLY)
  /// `O_WRONLY`: writing only.
  package static let writeOnly = OpenFlags(rawValue: O_WRONLY)
  /// `O_RDWR`: reading and writing.
  package static let readWrite = OpenFlags(rawValue: O_RDWR)
  /// `O_CREAT`: make the file when it does not exist.
  package static let create = OpenFlags(rawValue: O_CREAT)
  /// `O_EXCL`: with `create`, fail (`.fileExists`) when the name is taken.
  package static let exclusive = OpenFlags(rawValue: O_EXCL)
  /// `O_APPEND`: every write goes to the end.
  package static let append = OpenFlags(rawValue: O_APPEND)
  /// `O_NOFOLLOW`: refuse (`ELOOP`) a symbolic link as the last component.
  package static let noFollow = OpenFlags(rawValue: O_NOFOLLOW)
  /// `O_DIRECTORY`: refuse (`ENOTDIR`) anything but a folder.
  package static let directory = OpenFlags(rawValue: O_DIRECTORY)
  /// `O_NONBLOCK`: do not wait in the open itself (a FIFO with no writer).
  package static let nonBlocking = OpenFlags(rawValue: O_NONBLOCK)
  /// `O_NOCTTY`: a terminal opened does not become the controlling terminal.
  package static let noControllingTerminal = OpenFlags(rawValue: O_NOCTTY)

  /// Whether the flags allow writing (`writeOnly` or `readWrite`).
  package var writes: Bool { (rawValue & O_ACCMODE) != O_RDONLY }
}

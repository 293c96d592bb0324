#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What stands at a name: the type bits of `stat`'s `st_mode`.
package enum FileKind: Equatable, Sendable {
  case regular, directory, symbolicLink, fifo, characterDevice, blockDevice, socket

  /// The kind `mode` (an `st_mode`) gives.
  init(mode: mode_t) {
    switch mode & S_IFMT {
    case S_IFREG: self = .regular
    case S_IFDIR: self = .directory
    case S_IFLNK: self = .symbolicLink
    case S_IFIFO: self = .fifo
    case S_IFCHR: self = .characterDevice
    case S_IFBLK: self = .blockDevice
    // S_IFSOCK, the one type left.
    default: self = .socket
    }
  }
}

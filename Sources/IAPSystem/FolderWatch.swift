#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Tells a long-lived process whether anything in a folder may have changed since it last
/// looked, without looking at the files: `generation(of:)` answers a number that stays the
/// same while nothing in the folder was written, created, renamed, removed or had its
/// attributes changed, and is never given again once something was. What was read from the
/// folder under one generation is still what the folder holds while the generation is the same.
///
/// Linux's inotify, one instance a process (each costs a descriptor, and a user has 128 of
/// them by default), one watch a folder. The kernel queues an event in the very system call
/// that changes a file, before that call returns: so a change another process finished
/// (released its lock) before `generation(of:)` was asked is always counted. Only the
/// folder's own entries are watched, not its subfolders' contents.
///
/// Elsewhere (macOS) there is none (`shared` is nil), nor for a folder on a network or
/// user-space file system (`MountTable`): callers then read the files as before.
package final class FolderWatch: Sendable {
  /// The process's watch; nil where the platform has no inotify or it could not be made.
  package static let shared: FolderWatch? = FolderWatch()

  /// One watched folder: its watch descriptor, the identity it had when the watch was added
  /// (so that another folder put at the same path is not taken for it), and its generation.
  private struct Watched {
    var descriptor: Int32
    var device: UInt64
    var inode: UInt64
    var generation: UInt64
    /// The watch went away (the folder was removed, moved, or unmounted): add it again.
    var lost = false
    /// On a file system another machine can change (`MountTable`): not watched, no generation.
    var shared = false
  }

  private struct Watches {
    var byPath: [String: Watched] = [:]
    /// The last generation given: every new one is greater, so none is given twice.
    var last: UInt64 = 0

    mutating func next() -> UInt64 {
      last += 1
      return last
    }
  }

  #if os(Linux)
    private let fd: Int32
    private let watches = Locked(Watches())

    private init?() {
      fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
      guard fd >= 0 else { return nil }
    }

    deinit { close(fd) }

    /// What counts as a change: anything but reading and opening.
    private static let events = UInt32(
      IN_MODIFY | IN_ATTRIB | IN_CREATE | IN_DELETE | IN_MOVED_FROM | IN_MOVED_TO | IN_DELETE_SELF | IN_MOVE_SELF)
    /// The events after which the watch no longer stands for the folder at its path.
    private static let ending = UInt32(IN_IGNORED | IN_DELETE_SELF | IN_MOVE_SELF | IN_UNMOUNT)

    /// The generation of the folder at `path` (as `stat` follows it); nil when it cannot be
    /// watched (missing, not a folder, no watches left) or was just replaced: read it afresh.
    package func generation(of path: String) -> UInt64? {
      watches.withLock { watches in
        drain(&watches)
        guard let now = Self.identity(path) else { return nil }
        if let watched = watches.byPath[path], !watched.lost, watched.device == now.device, watched.inode == now.inode {
          return watched.shared ? nil : watched.generation
        }
        // Asked once a folder (the mount table is read, not the files).
        if let type = MountTable.fileSystemType(of: path), MountTable.isShared(type) {
          watches.byPath[path] = Watched(descriptor: -1, device: now.device, inode: now.inode, generation: 0, lost: false, shared: true)
          return nil
        }
        // New, lost, or another folder at the path: watch the folder there now. What was
        // read before cannot be vouched for, so the generation is a new one.
        let descriptor = inotify_add_watch(fd, path, Self.events)
        guard descriptor >= 0, let after = Self.identity(path), after.device == now.device, after.inode == now.inode else {
          watches.byPath[path] = nil
          return nil
        }
        // A folder moved away keeps its old watch: drop it, unless another path shares it.
        if let old = watches.byPath[path]?.descriptor, old >= 0, old != descriptor,
          !watches.byPath.contains(where: { $0.key != path && $0.value.descriptor == old })
        {
          inotify_rm_watch(fd, old)
        }
        let generation = watches.next()
        watches.byPath[path] = Watched(descriptor: descriptor, device: now.device, inode: now.inode, generation: generation)
        return generation
      }
    }

    /// Reads every queued event, giving each folder that had one a new generation.
    private func drain(_ watches: inout Watches) {
      // Room for many events (each is 16 bytes and a name); a fuller queue takes more reads.
      withUnsafeTemporaryAllocation(byteCount: 4096, alignment: 8) { buffer in
        drain(&watches, into: buffer)
      }
    }

    private func drain(_ watches: inout Watches, into buffer: UnsafeMutableRawBufferPointer) {
      while true {
        let count = read(fd, buffer.baseAddress, buffer.count)
        if count < 0 && errno == EINTR { continue }
        guard count > 0 else {
          // EAGAIN: nothing more. Any other failure: nothing read can be trusted.
          if count < 0 && errno != EAGAIN { forgetAll(&watches) }
          return
        }
        var offset = 0
        while offset + MemoryLayout<inotify_event>.size <= count {
          // struct inotify_event: wd, mask, cookie, len, then the name.
          let descriptor = buffer.loadUnaligned(fromByteOffset: offset, as: Int32.self)
          let mask = buffer.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self)
          let length = Int(buffer.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
          offset += MemoryLayout<inotify_event>.size + length
          // The queue overflowed: events were lost, for any folder.
          if mask & UInt32(IN_Q_OVERFLOW) != 0 {
            forgetAll(&watches)
            continue
          }
          for (path, watched) in watches.byPath where watched.descriptor == descriptor {
            watches.byPath[path]!.generation = watches.next()
            if mask & Self.ending != 0 { watches.byPath[path]!.lost = true }
          }
        }
      }
    }

    /// Every folder gets a new generation and is watched again at its next use.
    private func forgetAll(_ watches: inout Watches) {
      for path in watches.byPath.keys {
        watches.byPath[path]!.generation = watches.next()
        watches.byPath[path]!.lost = true
      }
    }

    private static func identity(_ path: String) -> (device: UInt64, inode: UInt64)? {
      var st = stat()
      guard stat(path, &st) == 0, st.st_mode & S_IFMT == S_IFDIR else { return nil }
      return (UInt64(st.st_dev), UInt64(st.st_ino))
    }
  #else
    private init?() { return nil }

    package func generation(of path: String) -> UInt64? { nil }
  #endif
}

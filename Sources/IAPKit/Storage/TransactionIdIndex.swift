#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
import IAPCore
import IAPSystem

/// Where the latest version of each transaction lies in `transactions.log`, by id, kept by
/// the server from one request to the next: each request reads only what the log gained
/// since the last one, so looking a transaction up costs one read of one record however
/// long the history is (a command, which runs once, reads the log as `TransactionLogIndex`).
///
/// Callers hold the state's lock, so the log does not change under a lookup. A log that is
/// another file now, or shorter than what was indexed (a repair rewrote it), is indexed
/// afresh, as is one whose indexed record no longer holds the id it was indexed under.
package final class TransactionIdIndex: Sendable {
  /// What is indexed: the log file (device, inode), how far, and each id's latest version (a
  /// deleted one is kept, marked, as the log keeps its tombstone).
  private struct Indexed {
    var file: (UInt64, UInt64)?
    var end = 0
    var latest: [UInt64: TransactionLogIndex.Version] = [:]

    mutating func forget(_ identity: (UInt64, UInt64)) {
      self = Indexed(file: identity)
    }

    /// Folds the records from `end` to `validEnd` into the index.
    mutating func catchUp(fd: Int32, path: String, to validEnd: Int) throws(IAPError) {
      guard validEnd > end else { return }
      try TransactionLogIndex.forEachRecord(fd: fd, path: path, from: end, end: validEnd) { record, offset throws(IAPError) in
        try TransactionLogIndex.fold(record, at: offset, path: path, into: &latest)
      }
      end = validEnd
    }
  }

  private let indexed = Locked(Indexed())

  package init() {}

  /// The latest version of transaction `id` in the log open at `fd`, up to `validEnd`.
  func transaction(_ id: UInt64, fd: Int32, path: String, validEnd: Int) throws(IAPError) -> Transaction? {
    try indexed.withLock { (index: inout Indexed) throws(IAPError) -> Transaction? in
      var st = stat()
      guard fstat(fd, &st) == 0 else { return nil }
      let identity = (UInt64(st.st_dev), UInt64(st.st_ino))
      if index.file.map({ $0 != identity }) ?? true || validEnd < index.end { index.forget(identity) }
      try index.catchUp(fd: fd, path: path, to: validEnd)
      guard let span = index.latest[id], !span.deleted else { return nil }
      let found = try Self.read(span.offset, span.length, fd: fd, path: path)
      if found?.id == id { return found }
      // The log was rewritten in place since it was indexed: index it again.
      index.forget(identity)
      try index.catchUp(fd: fd, path: path, to: validEnd)
      guard let again = index.latest[id], !again.deleted else { return nil }
      return try Self.read(again.offset, again.length, fd: fd, path: path)
    }
  }

  private static func read(_ offset: Int, _ length: Int, fd: Int32, path: String) throws(IAPError) -> Transaction? {
    guard let buffer = try? POSIXFile.read(fd, count: length, at: offset, path: path), buffer.count == length else { return nil }
    guard case let .transaction(t)? = try? TransactionLogIndex.decodeRecord(buffer[...], at: offset, path: path) else { return nil }
    return t
  }
}

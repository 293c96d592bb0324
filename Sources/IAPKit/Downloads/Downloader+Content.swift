import IAPCatalog
import IAPCore
import IAPSystem

/// Reading the content being copied, and what a run reports about it.
extension Downloader {
  func openSource(_ file: ContentEntry) throws(IAPError) -> Int32 {
    let path = source.sourcePath(of: file)
    let fd: Int32
    do { fd = try POSIXFile.open(path, [.readOnly, .noFollow]) } catch {
      throw .catalog(.inputInvalid(path: path, reason: "cannot be read (\(error.description)): the content changed during the download"))
    }
    guard let info = try? FileStatus(fd: fd), info.kind == .regular, info.size == file.size else {
      POSIXFile.close(fd)
      throw .catalog(.inputInvalid(path: path, reason: "changed during the download: resuming the download starts over"))
    }
    return fd
  }

  func read(_ fd: Int32, _ file: ContentEntry, at offset: Int, length: Int) throws(IAPError) -> [UInt8] {
    let path = source.sourcePath(of: file)
    guard let buffer = try? POSIXFile.read(fd, count: length, at: offset, path: path), buffer.count == length else {
      throw .catalog(.inputInvalid(path: path, reason: "changed during the download: resuming the download starts over"))
    }
    return buffer
  }

  /// The size of the file at `relative` in `partial`, or -1 when it cannot be opened.
  func fileSize(_ relative: String, in partial: Folder) -> Int {
    guard let fd = try? partial.open(relative: relative, .readOnly) else { return -1 }
    defer { POSIXFile.close(fd) }
    return (try? POSIXFile.size(fd, path: relative)) ?? -1
  }

  /// Seconds left at the rate this run actually achieves (never faster than the simulated one).
  func remaining(_ status: DownloadStatus, copied: Int, elapsed: Double) -> Double {
    var speed = Double(rate.bytesPerSecond)
    if elapsed > 0.2, copied > 0 { speed = min(speed, Double(copied) / elapsed) }
    return Double(status.total - status.bytes) / speed
  }
}

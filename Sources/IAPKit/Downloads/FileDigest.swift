import IAPCore
import IAPCrypto
import IAPSystem

/// SHA-256 of a file's bytes, read a megabyte at a time, as lowercase hex: how hosted content
/// and its downloaded copy are compared.
package enum FileDigest {
  static func sha256(_ path: String) throws(POSIXFileError) -> String {
    let fd = try POSIXFile.open(path, [.readOnly, .noFollow])
    defer { POSIXFile.close(fd) }
    return try sha256(fd, path: path)
  }

  /// The digest of an open file, read from its start; `path` names it in errors.
  static func sha256(_ fd: Int32, path: String) throws(POSIXFileError) -> String {
    var hasher = SHA256()
    var chunk = [UInt8](repeating: 0, count: 1 << 20)
    var offset = 0
    while true {
      let n = try POSIXFile.read(fd, into: &chunk, count: chunk.count, at: offset, path: path)
      if n == 0 { break }
      hasher.update(n == chunk.count ? chunk : Array(chunk[0..<n]))
      offset += n
    }
    return hex(hasher.finalize())
  }

  static func hex(_ bytes: [UInt8]) -> String {
    let digits = Array("0123456789abcdef".utf8)
    var out: [UInt8] = []
    out.reserveCapacity(bytes.count * 2)
    for byte in bytes {
      out.append(digits[Int(byte >> 4)])
      out.append(digits[Int(byte & 0x0F)])
    }
    return String(decoding: out, as: UTF8.self)
  }
}

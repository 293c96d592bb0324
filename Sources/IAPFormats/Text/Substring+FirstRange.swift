extension Substring {
  /// The first range where `needle` occurs, compared as UTF-8 bytes, or nil.
  ///
  /// Not `range(of:)`: that one is NSString's, and referencing it links the whole of
  /// Foundation (CoreFoundation, ICU), whose initialisers every command would pay for
  /// (docs/performance.md, start-up). Nor the standard library's `firstRange(of:)`, which
  /// needs macOS 13. iap searches for ASCII markers, where bytes and characters agree.
  package func firstRange(ofText needle: String) -> Range<Index>? {
    let target = Array(needle.utf8)
    guard let first = target.first else { return nil }
    let bytes = utf8
    var start = bytes.startIndex
    while let hit = bytes[start...].firstIndex(of: first) {
      var i = hit
      var matched = 0
      while matched < target.count, i < bytes.endIndex, bytes[i] == target[matched] {
        matched += 1
        i = bytes.index(after: i)
      }
      if matched == target.count { return hit..<i }
      start = bytes.index(after: hit)
    }
    return nil
  }
}

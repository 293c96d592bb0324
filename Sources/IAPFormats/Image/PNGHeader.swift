/// What a PNG file says of itself before its pixels: its size and whether it can hold
/// transparency (an alpha channel, or a `tRNS` chunk naming transparent colours). Read from
/// the signature, the `IHDR` chunk and the chunk headers up to `IDAT`, without decoding
/// pixels: enough to refuse what an image upload refuses.
package struct PNGHeader: Equatable, Sendable {
  /// Pixels across.
  package var width: Int
  /// Pixels down.
  package var height: Int
  /// The colour type of `IHDR` (0 grey, 2 RGB, 3 palette, 4 grey and alpha, 6 RGB and alpha).
  package var colorType: UInt8
  /// A `tRNS` chunk came before the image data.
  package var hasTransparencyChunk: Bool

  package init(width: Int, height: Int, colorType: UInt8, hasTransparencyChunk: Bool) {
    self.width = width
    self.height = height
    self.colorType = colorType
    self.hasTransparencyChunk = hasTransparencyChunk
  }

  /// Whether any pixel may be (partly) transparent.
  package var hasTransparency: Bool { colorType == 4 || colorType == 6 || hasTransparencyChunk }

  /// The eight bytes every PNG file starts with.
  package static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

  /// The header of `bytes`, or nil when they are not a PNG file (no signature, no `IHDR`
  /// first, a chunk that runs past the end, or no image data).
  package init?(_ bytes: [UInt8]) {
    guard bytes.count >= 33, Array(bytes[0..<8]) == Self.signature else { return nil }
    var offset = 8
    var header: (width: Int, height: Int, colorType: UInt8)?
    var transparency = false
    while offset + 12 <= bytes.count {
      let length = Self.uint32(bytes, offset)
      let type = String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self)
      let data = offset + 8
      guard length <= bytes.count - data - 4 else { return nil }
      if header == nil {
        // IHDR must come first and hold 13 bytes.
        guard type == "IHDR", length == 13 else { return nil }
        header = (Self.uint32(bytes, data), Self.uint32(bytes, data + 4), bytes[data + 9])
      } else if type == "tRNS" {
        transparency = true
      } else if type == "IDAT" {
        guard let header, header.width > 0, header.height > 0 else { return nil }
        self.init(width: header.width, height: header.height, colorType: header.colorType, hasTransparencyChunk: transparency)
        return
      }
      offset = data + length + 4
    }
    return nil
  }

  /// The big-endian 32-bit number at `offset`.
  static func uint32(_ bytes: [UInt8], _ offset: Int) -> Int {
    Int(bytes[offset]) << 24 | Int(bytes[offset + 1]) << 16 | Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
  }
}

import Testing

@testable import IAPFormats

@Suite struct PNGHeaderTests {
  /// A chunk: length, type, data, and a CRC the reader does not check.
  static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
    let n = data.count
    return [UInt8(n >> 24 & 0xFF), UInt8(n >> 16 & 0xFF), UInt8(n >> 8 & 0xFF), UInt8(n & 0xFF)] + Array(type.utf8) + data + [0, 0, 0, 0]
  }

  static func ihdr(width: Int, height: Int, colorType: UInt8) -> [UInt8] {
    chunk("IHDR", [0, 0, UInt8(width >> 8), UInt8(width & 0xFF), 0, 0, UInt8(height >> 8), UInt8(height & 0xFF), 8, colorType, 0, 0, 0])
  }

  static let idat = chunk("IDAT", [0x78, 0x9C, 0x03, 0x00]) + chunk("IEND", [])

  @Test func readsTheSizeAndTheColourType() {
    let header = PNGHeader(PNGHeader.signature + Self.ihdr(width: 3840, height: 160, colorType: 2) + Self.idat)
    #expect(header == PNGHeader(width: 3840, height: 160, colorType: 2, hasTransparencyChunk: false))
    #expect(header?.hasTransparency == false)
  }

  @Test func anAlphaChannelOrATransparencyChunkIsTransparency() {
    #expect(PNGHeader(PNGHeader.signature + Self.ihdr(width: 8, height: 8, colorType: 6) + Self.idat)?.hasTransparency == true)
    #expect(PNGHeader(PNGHeader.signature + Self.ihdr(width: 8, height: 8, colorType: 4) + Self.idat)?.hasTransparency == true)
    let palette = PNGHeader.signature + Self.ihdr(width: 8, height: 8, colorType: 3) + Self.chunk("tRNS", [0]) + Self.idat
    #expect(PNGHeader(palette)?.hasTransparency == true)
  }

  @Test func whatIsNotAPNGIsNil() {
    #expect(PNGHeader(Array("GIF89a and then some bytes to be long enough".utf8)) == nil)
    #expect(PNGHeader(PNGHeader.signature + Self.chunk("tEXt", Array(repeating: 0, count: 13)) + Self.idat) == nil, "IHDR not first")
    #expect(PNGHeader(PNGHeader.signature + Self.ihdr(width: 8, height: 8, colorType: 2)) == nil, "no image data")
    #expect(PNGHeader(PNGHeader.signature + Self.ihdr(width: 0, height: 8, colorType: 2) + Self.idat) == nil)
    var truncated = PNGHeader.signature + Self.ihdr(width: 8, height: 8, colorType: 2) + Self.idat
    truncated[8 + 25 + 3] = 0xFF
    #expect(PNGHeader(truncated) == nil, "a chunk longer than the file")
  }
}

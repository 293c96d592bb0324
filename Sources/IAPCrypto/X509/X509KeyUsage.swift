/// The keyUsage extension's bits (RFC 5280 §4.2.1.3); bit n of the BIT STRING is
/// `1 << n` here.
package struct X509KeyUsage: OptionSet, Equatable, Sendable {
  package var rawValue: UInt16
  package init(rawValue: UInt16) { self.rawValue = rawValue }

  package static let digitalSignature = X509KeyUsage(rawValue: 1 << 0)
  package static let nonRepudiation = X509KeyUsage(rawValue: 1 << 1)
  package static let keyEncipherment = X509KeyUsage(rawValue: 1 << 2)
  package static let dataEncipherment = X509KeyUsage(rawValue: 1 << 3)
  package static let keyAgreement = X509KeyUsage(rawValue: 1 << 4)
  package static let keyCertSign = X509KeyUsage(rawValue: 1 << 5)
  package static let cRLSign = X509KeyUsage(rawValue: 1 << 6)
  package static let encipherOnly = X509KeyUsage(rawValue: 1 << 7)
  package static let decipherOnly = X509KeyUsage(rawValue: 1 << 8)

  /// The DER BIT STRING: bit 0 is the top bit of the first byte, and DER drops trailing
  /// zero bits of a named bit list (X.690 §11.2.2), so digitalSignature alone is
  /// `03 02 07 80`.
  var der: [UInt8] {
    guard rawValue != 0 else { return DER.bitString([]) }
    let highest = 15 - rawValue.leadingZeroBitCount
    var bytes = [UInt8](repeating: 0, count: highest / 8 + 1)
    for bit in 0...highest where rawValue & (1 << bit) != 0 { bytes[bit / 8] |= 0x80 >> (bit % 8) }
    return DER.bitString(bytes, unusedBits: 7 - highest % 8)
  }

  /// Reads the BIT STRING; bits past decipherOnly are refused.
  init(element: DERElement) throws(DERError) {
    let (bytes, unused) = try element.bitString()
    var value: UInt16 = 0
    for bit in 0..<(bytes.count * 8 - unused) where bytes[bit / 8] & (0x80 >> (bit % 8)) != 0 {
      guard bit <= 8 else { throw .invalidBitString(offset: element.offset) }
      value |= 1 << bit
    }
    self.init(rawValue: value)
  }
}

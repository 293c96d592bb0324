/// An ASN.1 DER writer (ITU-T X.690 §10–11): each function returns one complete encoded
/// element (tag, length, contents), so structures are built by nesting calls, e.g.
/// `DER.sequence([DER.integer(1), DER.null])`.
///
/// Only the subset X.509, PKCS#8 and ECDSA signatures need is here, and only single-byte
/// tags (tag numbers 0–30), which is all those formats use. Values that cannot be encoded
/// (a malformed dotted OID, a tag number above 30) are programming errors and trap: every
/// caller passes constants.
package enum DER {
  /// Tag bytes of the universal types used here, and the bits of a tag byte.
  package enum Tag {
    package static let boolean: UInt8 = 0x01
    package static let integer: UInt8 = 0x02
    package static let bitString: UInt8 = 0x03
    package static let octetString: UInt8 = 0x04
    package static let null: UInt8 = 0x05
    package static let objectIdentifier: UInt8 = 0x06
    package static let utf8String: UInt8 = 0x0C
    package static let printableString: UInt8 = 0x13
    package static let t61String: UInt8 = 0x14
    package static let ia5String: UInt8 = 0x16
    package static let utcTime: UInt8 = 0x17
    package static let generalizedTime: UInt8 = 0x18
    package static let bmpString: UInt8 = 0x1E
    package static let sequence: UInt8 = 0x30
    package static let set: UInt8 = 0x31
    /// The constructed bit: the contents are themselves encoded elements.
    package static let constructedBit: UInt8 = 0x20
    /// The class bits for context-specific tags (`[n]`).
    package static let contextSpecific: UInt8 = 0x80

    /// The tag byte of `[number]`, constructed (explicit tagging, or an implicitly tagged
    /// constructed type) or primitive.
    package static func context(_ number: Int, constructed: Bool) -> UInt8 {
      precondition((0...30).contains(number), "only single-byte tags are supported")
      return contextSpecific | (constructed ? constructedBit : 0) | UInt8(number)
    }
  }

  // MARK: Framing

  /// The definite length octets for `count` content bytes: the short form below 128, else
  /// the long form with the fewest length bytes (DER forbids any other spelling).
  package static func length(_ count: Int) -> [UInt8] {
    precondition(count >= 0)
    if count < 0x80 { return [UInt8(count)] }
    var bytes: [UInt8] = []
    var rest = count
    while rest > 0 {
      bytes.insert(UInt8(rest & 0xFF), at: 0)
      rest >>= 8
    }
    return [0x80 | UInt8(bytes.count)] + bytes
  }

  /// One element: `tag`, the length of `content`, `content`.
  package static func tlv(_ tag: UInt8, _ content: [UInt8]) -> [UInt8] {
    precondition(tag & 0x1F != 0x1F, "only single-byte tags are supported")
    return [tag] + length(content.count) + content
  }

  // MARK: Simple types

  /// INTEGER holding the unsigned big-endian number `magnitude`: leading zero bytes are
  /// dropped and one 0x00 is put back when the top bit is set, so the value stays positive
  /// (two's complement, minimal). No bytes, or only zeros, encode 0.
  package static func integer(unsigned magnitude: [UInt8]) -> [UInt8] {
    var bytes = Array(magnitude.drop { $0 == 0 })
    if bytes.isEmpty { bytes = [0] } else if bytes[0] & 0x80 != 0 { bytes.insert(0, at: 0) }
    return tlv(Tag.integer, bytes)
  }

  /// INTEGER holding `value` in minimal two's complement (negative values too).
  package static func integer(_ value: Int) -> [UInt8] {
    var bytes: [UInt8] = []
    var rest = value
    repeat {
      bytes.insert(UInt8(truncatingIfNeeded: rest), at: 0)
      rest >>= 8  // arithmetic shift: negative numbers end at -1
    } while !(rest == 0 && bytes[0] & 0x80 == 0) && !(rest == -1 && bytes[0] & 0x80 != 0)
    return tlv(Tag.integer, bytes)
  }

  /// BOOLEAN; DER spells true as 0xFF.
  package static func boolean(_ value: Bool) -> [UInt8] { tlv(Tag.boolean, [value ? 0xFF : 0x00]) }

  /// NULL (`05 00`).
  package static let null: [UInt8] = [Tag.null, 0x00]

  /// OBJECT IDENTIFIER from its dotted form, e.g. `1.2.840.10045.2.1`. Traps on a malformed
  /// OID; use `oidContent(_:)` to check a string first.
  package static func oid(_ dotted: String) -> [UInt8] {
    guard let content = oidContent(dotted) else { preconditionFailure("malformed OID \(dotted)") }
    return tlv(Tag.objectIdentifier, content)
  }

  /// The contents octets of an OID (X.690 §8.19): the first two arcs folded into one
  /// (40 × first + second), then each arc in base 128, high bit set on all but its last
  /// byte. Nil unless the text is two or more decimal arcs with a first arc of 0–2 (and a
  /// second arc below 40 under 0 and 1).
  package static func oidContent(_ dotted: String) -> [UInt8]? {
    let parts = dotted.split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count >= 2 else { return nil }
    var arcs: [UInt64] = []
    for part in parts {
      // Digits only: UInt64("+1") would otherwise accept a sign.
      guard !part.isEmpty, part.utf8.allSatisfy({ (48...57).contains($0) }), let arc = UInt64(part) else { return nil }
      arcs.append(arc)
    }
    guard arcs[0] <= 2, arcs[0] == 2 || arcs[1] < 40, arcs[1] <= UInt64.max - 80 else { return nil }
    var content: [UInt8] = []
    for arc in [arcs[0] * 40 + arcs[1]] + arcs.dropFirst(2) {
      var chunk: [UInt8] = [UInt8(arc & 0x7F)]
      var rest = arc >> 7
      while rest > 0 {
        chunk.insert(UInt8(rest & 0x7F) | 0x80, at: 0)
        rest >>= 7
      }
      content += chunk
    }
    return content
  }

  /// OCTET STRING.
  package static func octetString(_ bytes: [UInt8]) -> [UInt8] { tlv(Tag.octetString, bytes) }

  /// BIT STRING: the unused-bits count (0–7, the trailing bits of the last byte that are
  /// not part of the value; they must be zero in DER), then the bytes.
  package static func bitString(_ bytes: [UInt8], unusedBits: Int = 0) -> [UInt8] {
    precondition((0...7).contains(unusedBits) && (unusedBits == 0 || !bytes.isEmpty))
    precondition(bytes.last.map { $0 & UInt8((1 << unusedBits) - 1) == 0 } ?? true, "unused bits must be zero")
    return tlv(Tag.bitString, [UInt8(unusedBits)] + bytes)
  }

  /// UTF8String.
  package static func utf8String(_ text: String) -> [UInt8] { tlv(Tag.utf8String, Array(text.utf8)) }

  /// Whether every character of `text` is in PrintableString's alphabet (X.680 §41.4):
  /// letters, digits, space and `'()+,-./:=?`.
  package static func isPrintable(_ text: String) -> Bool {
    text.utf8.allSatisfy { c in
      (65...90).contains(c) || (97...122).contains(c) || (48...57).contains(c) || Array(" '()+,-./:=?".utf8).contains(c)
    }
  }

  /// PrintableString. Traps on characters outside its alphabet (see `isPrintable(_:)`).
  package static func printableString(_ text: String) -> [UInt8] {
    precondition(isPrintable(text), "not a PrintableString: \(text)")
    return tlv(Tag.printableString, Array(text.utf8))
  }

  // MARK: Times

  /// UTCTime `YYMMDDHHMMSSZ` for a second in 1950–2049 (the only years it can spell).
  package static func utcTime(seconds: Int64) -> [UInt8] {
    let year = DERTime.year(of: seconds)
    precondition((1950...2049).contains(year), "UTCTime covers 1950–2049 only")
    return tlv(Tag.utcTime, Array(DERTime.format(seconds: seconds, fourDigitYear: false).utf8))
  }

  /// GeneralizedTime `YYYYMMDDHHMMSSZ`. Seconds outside years 0000–9999 are clamped to
  /// those years' ends: 99991231235959Z is also RFC 5280's "no well-defined expiration".
  package static func generalizedTime(seconds: Int64) -> [UInt8] {
    tlv(Tag.generalizedTime, Array(DERTime.format(seconds: DERTime.clamped(seconds), fourDigitYear: true).utf8))
  }

  /// The time form RFC 5280 §4.1.2.5 requires for a validity date: UTCTime through 2049,
  /// GeneralizedTime from 2050 (and before 1950).
  package static func time(seconds: Int64) -> [UInt8] {
    let clamped = DERTime.clamped(seconds)
    return (1950...2049).contains(DERTime.year(of: clamped)) ? utcTime(seconds: clamped) : generalizedTime(seconds: clamped)
  }

  // MARK: Constructed types

  /// SEQUENCE of already encoded elements, in order.
  package static func sequence(_ elements: [[UInt8]]) -> [UInt8] { tlv(Tag.sequence, elements.flatMap { $0 }) }

  /// SET (OF) of already encoded elements, sorted as DER requires (X.690 §11.6: ascending
  /// encodings, a shorter one compared as if padded with trailing zero bytes).
  package static func set(_ elements: [[UInt8]]) -> [UInt8] {
    let sorted = elements.sorted { a, b in
      for i in 0..<max(a.count, b.count) {
        let x = i < a.count ? a[i] : 0
        let y = i < b.count ? b[i] : 0
        if x != y { return x < y }
      }
      return false
    }
    return tlv(Tag.set, sorted.flatMap { $0 })
  }

  /// `[number] EXPLICIT`: the whole `element` wrapped in a constructed context tag.
  package static func explicit(_ number: Int, _ element: [UInt8]) -> [UInt8] {
    tlv(Tag.context(number, constructed: true), element)
  }

  /// `[number] IMPLICIT`: `element` with its tag replaced by the context tag, keeping its
  /// constructed bit (an implicitly tagged SEQUENCE stays constructed).
  package static func implicit(_ number: Int, _ element: [UInt8]) -> [UInt8] {
    precondition(!element.isEmpty)
    return [Tag.context(number, constructed: element[0] & Tag.constructedBit != 0)] + element.dropFirst()
  }
}

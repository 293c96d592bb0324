import IAPCore
import IAPFormats

/// One line of a state log: a compact JSON object whose last member is `"crc"`, the CRC-32 of
/// the line as it would read without that member. Checking it needs no re-encoding: take
/// `,"crc":N` off the end and sum the rest.
package enum RecordLine {
  private static let marker = Array(#","crc":"#.utf8)

  /// The line for `record`, newline included.
  static func encode(_ record: JSONValue) -> String {
    var line: [UInt8] = []
    encode(record, into: &line)
    return String(decoding: line, as: UTF8.self)
  }

  /// `encode(_:)`'s line as UTF-8, appended to `out` (a commit gathers its lines so).
  static func encode(_ record: JSONValue, into out: inout [UInt8]) {
    let start = out.count
    JSONWriter.compact(record, into: &out)
    guard out.count - start > 2, out.last == UInt8(ascii: "}") else {
      out.append(UInt8(ascii: "\n"))
      return
    }
    let crc = out.withUnsafeBytes { CRC32.update(0, UnsafeRawBufferPointer(rebasing: $0[start...])) }
    out.removeLast()
    out.append(contentsOf: marker)
    out.append(contentsOf: String(crc).utf8)
    out.append(UInt8(ascii: "}"))
    out.append(UInt8(ascii: "\n"))
  }

  /// Checks and decodes the record `line` (without its newline) found at byte `offset` of the
  /// log at `path`: any damage is `stateDamaged`, naming the offset.
  ///
  /// - Parameter quick: reads the record straight from its bytes when it can (nil when not),
  ///   after the checksum and before the general way.
  package static func decode<Record>(
    _ line: ArraySlice<UInt8>, at offset: Int, path: String, quick: ((ArraySlice<UInt8>) -> Record?)? = nil,
    _ decode: (JSONValue) throws(RecordError) -> Record
  ) throws(StateError) -> Record {
    guard isIntact(line) else { throw .damaged(path: path, offset: offset, reason: "its checksum does not match") }
    if let quick, let record = quick(line) { return record }
    do {
      // Parsed where the line lies, not from a copy.
      var parseFailure: JSONParseError?
      let json = line.withUnsafeBufferPointer { buffer -> JSONValue? in
        do throws(JSONParseError) { return try JSONParser.parse(buffer) } catch {
          parseFailure = error
          return nil
        }
      }
      if let parseFailure { throw parseFailure }
      return try decode(json!)
    } catch let error as JSONParseError {
      throw .damaged(path: path, offset: offset, reason: "invalid JSON: \(error.reason)")
    } catch let error as RecordError {
      throw .damaged(path: path, offset: offset, reason: "bad or missing '\(error.field)'")
    } catch {
      throw .damaged(path: path, offset: offset, reason: "\(error)")
    }
  }

  /// Whether `line` (without its newline) is intact: true when its checksum matches, or
  /// when it carries none (written before records had one); false otherwise.
  static func isIntact(_ line: ArraySlice<UInt8>) -> Bool {
    // Find the last `,"crc":` and read the digits after it up to the closing brace.
    guard line.count > marker.count + 2, line.last == UInt8(ascii: "}") else { return !containsMarker(line) }
    var digitsStart = line.endIndex - 1
    while digitsStart > line.startIndex, (48...57).contains(line[digitsStart - 1]) { digitsStart -= 1 }
    let markerStart = digitsStart - marker.count
    guard markerStart > line.startIndex, digitsStart < line.endIndex - 1,
      line[markerStart..<digitsStart].elementsEqual(marker)
    else { return !containsMarker(line) }
    var stated: UInt64 = 0
    for digit in line[digitsStart..<(line.endIndex - 1)] {
      stated = stated * 10 + UInt64(digit - 48)
      if stated > UInt64(UInt32.max) { return false }
    }
    // The line without `,"crc":N`: what comes before it, and the closing brace.
    let sum = withUnsafeBytes(of: UInt8(ascii: "}")) { CRC32.update(CRC32.checksum(line[line.startIndex..<markerStart]), $0) }
    return sum == UInt32(stated)
  }

  /// Whether a `"crc"` member appears at all: a line that has one where it does not belong
  /// was damaged, not written before checksums.
  private static func containsMarker(_ line: ArraySlice<UInt8>) -> Bool {
    var i = line.startIndex
    while i + marker.count <= line.endIndex {
      if line[i] == marker[0], line[i..<(i + marker.count)].elementsEqual(marker) { return true }
      i += 1
    }
    return false
  }
}

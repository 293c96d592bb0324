/// The error of a format built on DER (a certificate, a key): its own refusals, and DER's
/// as one of its cases.
///
/// The format's parser is written with untyped `throws`, so that DER's calls and the
/// format's own checks mix freely; `parsing` runs it and maps what it threw to the format's
/// error, once, at the public boundary. Nothing else can reach it: the parser throws only
/// the two.
package protocol DERStructureError: Error {
  static func der(_ error: DERError) -> Self
}

extension DERStructureError {
  /// What `parse` returns, or its failure as this error.
  static func parsing<T>(_ parse: () throws -> T) throws(Self) -> T {
    do {
      return try parse()
    } catch let error as Self {
      throw error
    } catch let error as DERError {
      throw .der(error)
    } catch {
      preconditionFailure("a DER-based parser threw \(type(of: error)), neither \(Self.self) nor DERError")
    }
  }
}

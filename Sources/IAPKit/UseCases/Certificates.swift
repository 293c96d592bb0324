import IAPCore
import IAPSystem

/// Where the root certificate goes.
package struct RootCertificateRequest: Sendable {
  /// A file to write it to (atomically), or nil to hand it back.
  package var output: String?
  /// PEM rather than DER, when written to a file.
  package var pem = false

  package init(output: String? = nil, pem: Bool = false) {
    self.output = output
    self.pem = pem
  }
}

/// The state's root certificate.
package struct RootCertificateResult: Sendable {
  package var der: [UInt8]
  package var pem: String
  /// The file written, if one was.
  package var written: String?
}

extension Workspace {
  /// Use case: the root certificate of the state's signing chain, which a server under test
  /// passes to Apple's `SignedDataVerifier` as its trusted root. It derives from the signing
  /// secret, which is made now if the state has none, so that it stays the root of every
  /// later signature.
  package func rootCertificate(_ request: RootCertificateRequest) throws(IAPError) -> RootCertificateResult {
    let opened = try openStore(forWriting: true)
    let chain = SigningChain.cached(secret: try signingKey(opened.session, settings: opened.settings))
    var result = RootCertificateResult(der: chain.root, pem: chain.rootPEM, written: nil)
    if let output = request.output {
      let path = environment.resolve(output)
      do { try POSIXFile.writeAtomically(path, request.pem ? Array(chain.rootPEM.utf8) : chain.root) } catch {
        throw .outputUnwritable(path: output, reason: error.description)
      }
      result.written = output
    }
    return result
  }
}

import IAPCatalog
import IAPCore
import IAPFormats
import IAPSystem

/// Where the receipt data to verify comes from.
package enum ReceiptDataSource: Sendable {
  /// The account's current receipt, as the app would send it now.
  case current
  /// A file of Base64 text, as the user named it (resolved against the working folder).
  case file(String)
  /// Standard input, read to its end; line breaks in it are ignored.
  case standardInput
  /// The Base64 text itself (`receipt-data` of a request to the endpoint).
  case text(String)
}

/// What a `verifyReceipt` call sends.
package struct VerifyReceiptRequest: Sendable {
  package var data: ReceiptDataSource = .current
  /// The app's shared secret (`password`).
  package var password: String?
  /// Whether the call goes to the production endpoint (else the sandbox one).
  package var production = false

  package init() {}
}

/// `verifyReceipt`'s response.
package struct VerifyReceiptResult {
  /// The response body: `status`, and for status 0 the receipt and the latest info.
  package var response: JSONValue
  /// Whether the data verified (status 0).
  package var verified: Bool { response["status"] == .int(0) }
}

extension Workspace {
  /// Use case: answers receipt data as Apple's `verifyReceipt` endpoint does: 21002 for
  /// malformed data, 21003 for data this store did not sign, 21007 for sandbox data sent to
  /// production, 21004 for a wrong shared secret (when the catalog sets one), else status 0
  /// with the receipt and the latest receipt of the account the data names.
  package func verifyReceipt(_ request: VerifyReceiptRequest) throws(IAPError) -> VerifyReceiptResult {
    // The data first, then the lock: standard input or a FIFO may be slow to come, and
    // every other command (and `iap serve`) would wait for it meanwhile.
    let given: String?
    switch request.data {
    case .current: given = nil
    case let .file(path): given = try readReceiptFile(path)
    case .standardInput: given = try standardInputLines().joined()
    case let .text(text): given = text
    }
    let catalog = try loadCatalog()
    let opened = try openStore(forWriting: true, catalog: catalog)
    let signer = try signer(opened)
    let text: String
    if let given { text = given } else {
      text = ReceiptData.encode(try appReceipt(for: account, opened, catalog: catalog), account: account, signer: signer)
    }

    func status(_ code: Int64) -> VerifyReceiptResult { VerifyReceiptResult(response: .object([("status", .int(code))])) }
    guard let decoded = ReceiptData.decode(text, key: signer.key) else { return status(21002) }
    guard decoded.signatureValid else { return status(21003) }
    guard let receipt = decoded.payload["receipt"], let owner = decoded.payload["account"]?.stringValue else {
      return status(21002)
    }
    let environment = decoded.payload["environment"]?.stringValue.flatMap(AppStoreEnvironment.init(rawValue:)) ?? .sandbox
    if request.production && environment == .sandbox {
      return VerifyReceiptResult(response: .object([("status", .int(21007)), ("environment", .string(environment.rawValue))]))
    }
    if let secret = catalog.sharedSecret, request.password != secret { return status(21004) }
    let latest = try appReceipt(for: owner, opened, catalog: catalog)
    var members: [(String, JSONValue)] = [("status", .int(0)), ("environment", .string(environment.rawValue)), ("receipt", receipt)]
    // Apple (verifyReceipt's responseBody): these three are "only returned for receipts that
    // contain auto-renewable subscriptions".
    if latest.containsAutoRenewable {
      members += [
        ("latest_receipt", .string(ReceiptData.encode(latest, account: owner, signer: signer))),
        ("latest_receipt_info", latest.latestReceiptInfo),
        ("pending_renewal_info", latest.pendingRenewalInfo),
      ]
    }
    return VerifyReceiptResult(response: .object(members))
  }

  /// The text of receipt data file `path`: missing is `inputMissing`, unreadable `inputInvalid`.
  private func readReceiptFile(_ path: String) throws(IAPError) -> String {
    let bytes: [UInt8]?
    do { bytes = try InputFile.read(resolve(path)) } catch { throw .catalog(error.inputError(path: path)) }
    guard let bytes else { throw .catalog(.inputMissing(path: path)) }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Standard input as lines, split as `readLine` splits them (at LF, with a CR before it
  /// dropped too), so pasted Base64 wrapped over lines reads as one text.
  func standardInputLines() throws(IAPError) -> [String] {
    let input: [UInt8]
    do { input = try environment.standardInput() } catch { throw .catalog(error.inputError(path: "standard input")) }
    var lines = input.split(separator: 0x0A, omittingEmptySubsequences: false)
    // A final line break ends the last line rather than starting an empty one.
    if lines.last?.isEmpty == true { lines.removeLast() }
    return lines.map { String(decoding: $0.last == 0x0D ? $0.dropLast() : $0, as: UTF8.self) }
  }
}

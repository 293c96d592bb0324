import Foundation
import IAPCore
import IAPKit

/// `iap receipt verify`: answers as Apple's `verifyReceipt` endpoint does.
struct ReceiptVerifyCommand: Command {
  static let spec = CommandSpec(
    ["receipt", "verify"], abstract: "Verify receipt data, as verifyReceipt does.",
    discussion: """
      Prints verifyReceipt's response: status 0 with receipt, latest_receipt, \
      latest_receipt_info and pending_renewal_info; 21002 for malformed data; 21003 for data \
      that was altered; 21004 for a wrong shared secret (when the catalog sets sharedSecret); \
      21007 for this sandbox receipt sent to the production endpoint. Exits 0 for status 0, \
      1 otherwise. Without --data, verifies the current receipt.
      """,
    options: [
      OptionSpec("data", value: "file", help: "Receipt data (Base64) to verify, from a file or - for stdin."),
      OptionSpec("password", value: "secret", help: "The app's shared secret."),
      OptionSpec("endpoint", value: "name", help: "production or sandbox (default: sandbox)."),
    ])

  let dataPath: String?
  let password: String?
  let production: Bool

  init(_ invocation: Invocation) throws(IAPError) {
    dataPath = invocation.value("data")
    password = invocation.value("password")
    let endpoint = invocation.value("endpoint") ?? "sandbox"
    guard endpoint == "production" || endpoint == "sandbox" else {
      throw invocation.usageError("invalid value for '--endpoint <name>': expected production or sandbox, got '\(endpoint)'")
    }
    production = endpoint == "production"
  }

  func run(_ context: CommandContext) throws(IAPError) -> ExitCode {
    let catalog = try context.workspace.loadCatalog()
    let opened = try context.workspace.openStore(forWriting: true, catalog: catalog)
    let signer = try context.workspace.signer(opened)
    let text: String
    if let dataPath {
      text = try Self.read(dataPath, context)
    } else {
      text = ReceiptCommand.data(try ReceiptCommand.receipt(for: context.account, opened, catalog: catalog), account: context.account, signer: signer)
    }
    let response = try verify(text, catalog: catalog, opened: opened, signer: signer)
    context.console.json(response)
    return response["status"] == .int(0) ? .success : .storeRefused
  }

  /// The response for receipt data `text`.
  func verify(_ text: String, catalog: Catalog, opened: OpenedStore, signer: Signer) throws(IAPError) -> JSONValue {
    func status(_ code: Int64) -> JSONValue { .object([("status", .int(code))]) }
    guard let bytes = Data(base64Encoded: text.trimmingWhitespace), let token = String(data: bytes, encoding: .utf8),
      let decoded = try? JWS.decode(token, key: signer.key)
    else { return status(21002) }
    guard decoded.signatureValid == true else { return status(21003) }
    guard let receipt = decoded.payload["receipt"], let account = decoded.payload["account"]?.stringValue else {
      return status(21002)
    }
    let environment = decoded.payload["environment"]?.stringValue ?? "Sandbox"
    if production && environment == "Sandbox" { return .object([("status", .int(21007)), ("environment", .string("Sandbox"))]) }
    if let secret = catalog.sharedSecret, password != secret { return status(21004) }
    let latest = try ReceiptCommand.receipt(for: account, opened, catalog: catalog)
    return .object([
      ("status", .int(0)),
      ("environment", .string(environment)),
      ("receipt", receipt),
      ("latest_receipt", .string(ReceiptCommand.data(latest, account: account, signer: signer))),
      ("latest_receipt_info", latest.latestReceiptInfo),
      ("pending_renewal_info", latest.pendingRenewalInfo),
    ])
  }

  static func read(_ path: String, _ context: CommandContext) throws(IAPError) -> String {
    if path == "-" {
      var lines: [String] = []
      while let line = readLine() { lines.append(line) }
      return lines.joined()
    }
    do {
      guard let bytes = try POSIXFile.readIfExists(context.workspace.resolve(path)) else { throw IAPError.inputMissing(path: path) }
      return String(decoding: bytes, as: UTF8.self)
    } catch let error as IAPError {
      throw error
    } catch {
      throw .inputInvalid(path: path, reason: "cannot be read (\(error))")
    }
  }
}

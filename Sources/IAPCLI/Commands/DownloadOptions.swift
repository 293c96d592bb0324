import IAPCore
import IAPKit

/// The options `download start` and `download resume` share.
struct DownloadOptions {
  static let specs = [
    OptionSpec("rate", value: "rate", help: "Simulated bandwidth, e.g. 500KB/s, 2MB/s, 10MB/s (default: the download-rate setting, 2MB/s)."),
    OptionSpec("quiet", short: "q", help: "No progress bar."),
  ]

  let rate: ByteRate?
  let quiet: Bool

  init(_ invocation: Invocation) throws(IAPError) {
    quiet = invocation.flag("quiet")
    if let text = invocation.value("rate") {
      guard let rate = ByteRate(text) else {
        throw invocation.usageError(
          "invalid value for '--rate <rate>': expected a rate like 2MB/s, 500KB/s or 10MB/s (at most 100GB/s), got '\(text)'")
      }
      self.rate = rate
    } else {
      rate = nil
    }
  }

  /// The use case's request for `address`, at `--rate`.
  func request(_ address: DownloadAddress, mode: DownloadRequest.Mode) -> DownloadRequest {
    var request = DownloadRequest(address, mode: mode)
    request.rate = rate
    return request
  }
}

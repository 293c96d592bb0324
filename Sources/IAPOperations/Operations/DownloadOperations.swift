import IAPCore
import IAPKit

/// The hosted content of a purchase, as `SKPaymentQueue`'s download calls handle it: started,
/// paused, resumed, cancelled, and where each stands.
package enum DownloadOperations {
  /// The download a command acts on, by its transaction id (or its product id).
  package static let id = address(required: true)
  /// The download `status` shows, or every one.
  package static let someId = address(required: false)

  /// The simulated bandwidth, over the `download-rate` setting.
  package static let rate = Parameter<ByteRate>.parsed(
    ParameterInfo(
      "rate", json: "rate", value: "rate", default: "the download-rate setting, 2MB/s", help: "Simulated bandwidth, e.g. 500KB/s, 2MB/s, 10MB/s."),
    expected: "a rate like 2MB/s, 500KB/s or 10MB/s (at most 100GB/s)"
  ) { ByteRate($0) }
  /// Whether the terminal's progress bar is left out.
  package static let quiet = Parameter<Bool>.flag(ParameterInfo("quiet", json: "quiet", reach: .commandLineOnly, help: "No progress bar."))
  /// Whether this run fails halfway, as a lost connection would make it.
  package static let failDownload = Parameter<Bool>.flag(
    ParameterInfo("fail-download", json: "failDownload", help: "Make this download fail halfway with a network error."))

  package static let start = OperationSpec(
    "download start", summary: "Download a purchased product's hosted content into the state.",
    parameters: [id.info, rate.info, quiet.info, failDownload.info])
  package static let pause = OperationSpec("download pause", summary: "Pause an active download.", parameters: [id.info])
  package static let resume = OperationSpec(
    "download resume", summary: "Resume a paused, failed or interrupted download.", parameters: [id.info, rate.info, quiet.info])
  package static let cancel = OperationSpec("download cancel", summary: "Cancel a download and remove what it copied.", parameters: [id.info])
  package static let status = OperationSpec("download status", summary: "Show where hosted-content downloads stand.", parameters: [someId.info])

  /// What `start` or `resume` (`mode`) asks of the use case: the download and its rate, and
  /// for `start` the failure asked for.
  package static func request(_ input: some OperationInput, mode: DownloadRequest.Mode) throws(IAPError) -> DownloadRequest {
    var request = DownloadRequest(try input.required(id), mode: mode)
    request.rate = try input.value(rate)
    if mode == .start, try input.value(failDownload, default: false) {
      request.simulatedFailure = "the network connection was lost (simulated by \(input.name(failDownload.info)))"
    }
    return request
  }

  /// A transaction id, or a product id (`DownloadAddress` tells them apart).
  private static func address(required: Bool) -> Parameter<DownloadAddress> {
    .read(ParameterInfo("id", json: "id", required: required, help: "A transaction id, as 'iap queue' shows it (or the product id).")) {
      (text, _) throws(IAPError) -> DownloadAddress in DownloadAddress(text)
    }
  }
}

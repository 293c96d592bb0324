import IAPCore
import IAPKit

/// `iap download start ID`: `SKPaymentQueue.startDownloads` for a product's hosted content.
struct DownloadStartCommand: Command {
  static let spec = CommandSpec(
    ["download", "start"], abstract: "Download a purchased product's hosted content into the state.",
    discussion: """
      Copies the catalog's 'content' of a non-consumable the account owns into \
      STATE/downloads/ID/ at a simulated bandwidth, showing a progress bar on a terminal. A \
      download that stopped (Ctrl-C, kill, a failure, a pause) continues where it stopped; a \
      finished one is not copied again. With --json, stdout is a JSON-lines stream: one \
      compact object per event (started, progress, paused, resumed, then finished, failed, \
      cancelled, interrupted or error).
      """,
    arguments: [ArgumentSpec("id", help: "The product identifier.")],
    options: DownloadOptions.specs + [
      OptionSpec("fail-download", help: "Make this download fail halfway with a network error.")
    ])

  let productId: String
  let options: DownloadOptions
  let failDownload: Bool

  init(_ invocation: Invocation) throws(IAPError) {
    productId = invocation.positionals[0]
    options = try DownloadOptions(invocation)
    failDownload = invocation.flag("fail-download")
  }

  func run(_ context: CommandContext) throws(IAPError) -> ExitCode {
    try DownloadRunner(productId: productId, mode: .start, rate: options.rate, failOption: failDownload, quiet: options.quiet)
      .run(context)
  }
}

import IAPCore
import IAPFormats
import IAPSystem
import IAPKit

/// What `download start` and `download resume` share: run the download use case with a
/// reporter for the terminal (or the JSON-lines stream), and report how it ended.
///
/// With `--json`, stdout is a JSON-lines stream (`DownloadReporter`); whatever ends the
/// command is its last line, errors included.
struct DownloadRunner {
  let request: DownloadRequest
  /// `--quiet`: no progress bar.
  let quiet: Bool

  func run(_ context: CommandContext) throws(IAPError) -> ExitCode {
    let style: DownloadReporter.Style = context.globals.json ? .json : (context.console.colorDiagnostics && !quiet ? .bar : .plain)
    let reporter = DownloadReporter(console: context.console, style: style)
    do {
      return report(try context.workspace.download(request, progress: reporter), context, reporter)
    } catch {
      reporter.clear()
      guard context.globals.json else { throw error }
      // A JSON-lines stream ends with its error as a line, not a pretty-printed document.
      reporter.stopped("error", nil, address: request.address, error: error)
      error.userMessages.forEach { context.console.error($0) }
      return error.exitCode
    }
  }

  /// Prints how the download ended and gives the exit status. An interrupted download ends
  /// the process by the same signal, its progress recorded.
  private func report(_ run: DownloadRun, _ context: CommandContext, _ reporter: DownloadReporter) -> ExitCode {
    switch run {
    case let .finished(status, path), let .alreadyFinished(status, path):
      reporter.finished(status, path: path)
      return .success
    case let .handedOver(status):
      if context.globals.json {
        context.console.line(DownloadView.event("resumed", status, [("pid", status.pid.map { .int(Int64($0)) } ?? .null)]))
      } else {
        DownloadView.lines([DownloadView.Shown(status: status, running: true)]).forEach { context.console.line($0) }
      }
      return .success
    case let .cancelled(status, reset):
      let why = reset ? "the state was reset ('iap reset') while it copied" : "'iap download cancel' stopped it"
      let error = IAPError.refused(.downloadState(status.productId, .cancelled, "\(why), and what was copied is removed"))
      return stopped("cancelled", status, error, context, reporter)
    case let .failed(status):
      let at = status.bytes > 0
        ? " at \(status.percent)% (\(DownloadView.byteCount(status.bytes)) of \(DownloadView.byteCount(status.total)))" : ""
      let reason = (status.error ?? "unknown error") + at + "; 'iap download resume \(status.transactionId)' retries from there"
      return stopped("failed", status, .refused(.downloadFailed(status.productId, reason: reason)), context, reporter)
    case let .interrupted(status, signal):
      reporter.stopped("interrupted", status, address: request.address, error: nil)
      let at = "\(status.percent)% (\(DownloadView.byteCount(status.bytes)) of \(DownloadView.byteCount(status.total)))"
      context.console.note(
        "download of '\(status.productId)' interrupted at \(at): 'iap download resume \(status.transactionId)' continues from there")
      context.console.flush()
      TerminationSignal.raiseAgain(signal)
    }
  }

  /// Ends the stream with `event` and prints `error`, whose exit status the command ends with.
  private func stopped(
    _ event: String, _ status: DownloadStatus, _ error: IAPError, _ context: CommandContext, _ reporter: DownloadReporter
  ) -> ExitCode {
    reporter.stopped(event, status, address: request.address, error: error)
    error.userMessages.forEach { context.console.error($0) }
    return error.exitCode
  }
}

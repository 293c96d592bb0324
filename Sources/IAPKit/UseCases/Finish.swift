import IAPCore
import IAPStorage

/// Which transactions `finish` takes: the ids given, or every finishable one.
package enum FinishSelection: Sendable {
  case ids([UInt64])
  case all
}

/// What finishing did: the finished transactions, and (with `all`) those kept in the queue
/// because their hosted content is not downloaded yet, each with its download's state.
package struct FinishResult {
  package var finished: TransactionsResult
  package var heldByDownloads: [(transaction: Transaction, download: DownloadState)]
}

extension Workspace {
  /// Use case: `finishTransaction`. All or nothing: if any id is unknown, already finished
  /// or cannot be finished yet (content still downloading), nothing changes.
  package func finish(_ selection: FinishSelection, signed: Bool = false) throws(IAPError) -> FinishResult {
    var opened = try openStore(forWriting: true)
    // Content must be downloaded (or its download cancelled) before the purchase is finished.
    let downloads = try hostedContentStates(of: opened.store.queue)
    let finished: [Transaction]
    var held: [(Transaction, DownloadState)] = []
    do throws(StoreRefusal) {
      switch selection {
      case .all:
        finished = try opened.store.finishAll(downloads: downloads)
        held = opened.store.heldByDownloads(downloads).map { ($0, downloads[$0.productId]!) }
      case let .ids(ids):
        finished = try opened.store.finish(ids: ids, downloads: downloads)
      }
    } catch {
      if case let .notInQueue(id, _) = error {
        throw .refused(.notInQueue(id, why: try whereabouts(of: id, opened.session)))
      }
      throw .refused(error)
    }
    try opened.commit()
    return FinishResult(
      finished: TransactionsResult(transactions: finished, signer: signed ? try signer(opened) : nil), heldByDownloads: held)
  }

  /// Why a transaction id is not in this queue. Only this error path reads the history.
  private func whereabouts(of id: UInt64, _ session: StateSession) throws(IAPError) -> String {
    guard let transaction = try IAPError.ofState(session.history().first(where: { $0.id == id })) else {
      return "it is not in this store's history"
    }
    if transaction.account != account || transaction.device != device {
      return "it belongs to account '\(transaction.account)' on device '\(transaction.device)'"
    }
    return "it is already finished"
  }
}

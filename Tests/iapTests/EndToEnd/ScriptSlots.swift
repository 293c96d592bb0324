import Foundation

/// How many end-to-end scripts run at once: 3 (`IAP_E2E_JOBS` to change it). More would
/// starve the timing checks some scripts make (a buy that must not wait, a server that must
/// stop within 5 s) on a 2-core machine; fewer leaves cores idle while scripts wait.
actor ScriptSlots {
  static let shared = ScriptSlots(width: Int(ProcessInfo.processInfo.environment["IAP_E2E_JOBS"] ?? "") ?? 3)
  private var free: Int
  private var waiting: [CheckedContinuation<Void, Never>] = []

  init(width: Int) { free = max(1, width) }

  func acquire() async {
    if free > 0 {
      free -= 1
      return
    }
    await withCheckedContinuation { waiting.append($0) }
  }

  func release() {
    if waiting.isEmpty { free += 1 } else { waiting.removeFirst().resume() }
  }
}

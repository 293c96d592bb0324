import Foundation

/// Runs the end-to-end scripts and Apple's library suite on threads of their own, at most
/// `width` at once (3; `IAP_E2E_JOBS` to change it), every one queued as soon as the first
/// test asks for any; each test then waits for its own script's outcome. A run narrowed with
/// `--filter` or `--skip` queues only what its tests ask for, so that it starts no script
/// that no test waits for.
///
/// A script mostly waits (for the processes it starts, for a server, for a kill), so it runs
/// beside the unit tests rather than after them. Slots handed out through the test run's own
/// thread pool would not: a test whose turn comes is resumed only once that pool has run
/// every unit test queued before it. More at once would starve the timing checks some
/// scripts make (a buy that must not wait, a server that must stop within 5 s) on a 2-core
/// machine.
final class ScriptQueue: @unchecked Sendable {
  /// A script and the command that runs it.
  struct Job: Sendable {
    var name: String
    var arguments: [String]
  }

  /// How a script ended: its exit status (128 + N for a signal N) and what it printed.
  struct Outcome: Sendable {
    var status: Int32
    var text: String
  }

  static let shared = ScriptQueue(jobs: EndToEndTests.jobs, width: Int(ProcessInfo.processInfo.environment["IAP_E2E_JOBS"] ?? "") ?? 3)

  /// Whether this run is narrowed to some tests: then a job is queued when asked for.
  static let narrowed = CommandLine.arguments.contains { argument in
    ["--filter", "--skip"].contains { argument == $0 || argument.hasPrefix($0 + "=") }
  }

  private let jobs: [Job]
  private let width: Int
  private let lock = NSLock()
  private var asked: Set<String> = []
  private var queued: [Job] = []
  /// Threads alive, and how many of them are running a job (the others are taking one).
  private var threads = 0
  private var busy = 0
  private var outcomes: [String: Outcome] = [:]
  private var waiting: [String: [CheckedContinuation<Outcome, Never>]] = [:]

  /// `jobs` in the order they start: the longest first, so that the run does not end waiting
  /// for one that started last.
  init(jobs: [Job], width: Int) {
    self.jobs = jobs
    self.width = max(1, width)
  }

  /// The outcome of the job named `name`, once it has run.
  func outcome(of name: String) async -> Outcome {
    queue(name)
    return await withCheckedContinuation { continuation in
      lock.lock()
      if let outcome = outcomes[name] {
        lock.unlock()
        continuation.resume(returning: outcome)
      } else {
        waiting[name, default: []].append(continuation)
        lock.unlock()
      }
    }
  }

  /// Queues `name` (every job, the first time, when the run is not narrowed) and starts a
  /// thread for each queued job, up to `width`.
  private func queue(_ name: String) {
    lock.lock()
    defer { lock.unlock() }
    for job in jobs where (job.name == name || !Self.narrowed) && !asked.contains(job.name) {
      asked.insert(job.name)
      queued.append(job)
    }
    while threads < width && threads < queued.count + busy {
      threads += 1
      Thread.detachNewThread { self.work() }
    }
  }

  /// One of the threads: runs queued jobs until none is left.
  private func work() {
    while let job = next() {
      let outcome = Self.run(job)
      lock.lock()
      busy -= 1
      outcomes[job.name] = outcome
      let resumed = waiting.removeValue(forKey: job.name) ?? []
      lock.unlock()
      for continuation in resumed { continuation.resume(returning: outcome) }
    }
  }

  private func next() -> Job? {
    lock.lock()
    defer { lock.unlock() }
    guard !queued.isEmpty else {
      threads -= 1
      return nil
    }
    busy += 1
    return queued.removeFirst()
  }

  /// Runs `job` against the binary under test, its stdout and stderr through a file, so that
  /// nothing has to drain a pipe while it runs.
  private static func run(_ job: Job) -> Outcome {
    let log = FileManager.default.temporaryDirectory.appendingPathComponent("iap-e2e-\(job.name)-\(UUID().uuidString).log")
    defer { try? FileManager.default.removeItem(at: log) }
    var environment = ProcessInfo.processInfo.environment
    environment["IAP_BIN"] = EndToEndTests.binary
    environment.removeValue(forKey: "IAP_CATALOG")
    environment.removeValue(forKey: "IAP_STATE")
    do {
      let status = try ScriptProcess.run(job.arguments, environment: environment, log: log.path)
      return Outcome(status: status, text: String(decoding: (try? Data(contentsOf: log)) ?? Data(), as: UTF8.self))
    } catch {
      return Outcome(status: -1, text: "\(job.name) did not start: \(error)")
    }
  }
}

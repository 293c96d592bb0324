import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Starts an end-to-end script as a user's shell would: every signal unblocked and at its
/// default, whatever the test thread that starts it has blocked.
///
/// Foundation's `Process` starts a child with the calling thread's signal mask, and a test
/// runs on a pool thread that blocks nearly every signal; a script's helpers (a Python server,
/// a lock holder) then ignored the `kill` that was to stop them. Its end is also seen by
/// waiting for the script itself, not for every descendant to close an inherited descriptor
/// (which a helper that outlived its script held for up to 30 s).
enum ScriptProcess {
  struct LaunchError: Error, CustomStringConvertible {
    var code: Int32
    var description: String { "posix_spawn failed: \(String(cString: strerror(code)))" }
  }

  /// Runs `arguments` (the first is looked up on PATH) with `environment`, its stdout and
  /// stderr appended to the file at `log`, and waits for it, blocking the calling thread:
  /// the exit status (128 + N for a signal N).
  static func run(_ arguments: [String], environment: [String: String], log: String) throws -> Int32 {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 1, log, O_WRONLY | O_APPEND | O_CREAT, 0o600)
    posix_spawn_file_actions_adddup2(&actions, 1, 2)
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var none = sigset_t()
    var all = sigset_t()
    sigemptyset(&none)
    sigfillset(&all)
    posix_spawnattr_setsigmask(&attributes, &none)
    posix_spawnattr_setsigdefault(&attributes, &all)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
    let argv = arguments.map { strdup($0) } + [nil]
    let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer { (argv + envp).forEach { free($0) } }
    var pid: pid_t = 0
    let code = posix_spawnp(&pid, arguments[0], &actions, &attributes, argv, envp)
    guard code == 0 else { throw LaunchError(code: code) }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    let signal = status & 0x7f
    return signal == 0 ? (status >> 8) & 0xff : 128 + signal
  }
}

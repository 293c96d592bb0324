#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Starts threads of iap's own: the server's accept loop and connections, and background
/// notification delivery.
///
/// `pthread_create` rather than Foundation's `Thread`, which would link the whole of
/// Foundation (CoreFoundation, libdispatch, ICU) into every command (docs/performance.md,
/// start-up).
package enum DetachedThread {
  /// The body handed to the new thread, retained until it starts.
  private final class Box {
    let body: () -> Void
    init(_ body: @escaping () -> Void) { self.body = body }
  }

  /// Runs `body` on a new, detached thread, and returns at once. Ends the process if the
  /// system cannot make a thread (`Thread.start()` did the same): the callers have no
  /// useful way to go on without it.
  package static func start(_ body: @escaping @Sendable () -> Void) {
    let box = Unmanaged.passRetained(Box(body)).toOpaque()
    #if canImport(Darwin)
      var thread: pthread_t?
    #else
      var thread = pthread_t()
    #endif
    let result = pthread_create(
      &thread, nil,
      { raw in
        #if canImport(Darwin)
          let box = Unmanaged<Box>.fromOpaque(raw).takeRetainedValue()
        #else
          let box = Unmanaged<Box>.fromOpaque(raw!).takeRetainedValue()
        #endif
        box.body()
        return nil
      }, box)
    guard result == 0 else { fatalError("iap: could not start a thread (error \(result))") }
    #if canImport(Darwin)
      pthread_detach(thread!)
    #else
      pthread_detach(thread)
    #endif
  }
}

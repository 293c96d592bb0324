#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The system running out of something that may come back: descriptors, memory, processes.
package enum ResourceExhaustion {
  /// Whether `text` (a failure's message, which quotes `strerror`) names such a shortage:
  /// `EMFILE`, `ENFILE`, `ENOMEM` or `EAGAIN`.
  package static func isNamed(in text: String) -> Bool {
    [EMFILE, ENFILE, ENOMEM, EAGAIN].contains { text.contains(String(cString: strerror($0))) }
  }
}

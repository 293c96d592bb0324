#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The libFuzzer entry point for every `iap` fuzz target.
///
/// `scripts/fuzz` compiles this folder together with the IAPKit sources into one
/// `-sanitize=fuzzer` binary, so the targets can reach internal API; `IAP_FUZZ_TARGET` picks
/// the target, which keeps it to one build for all of them. A target reports a broken
/// invariant with `fatalError`, which libFuzzer records as a crash with its input.
enum FuzzTarget: String, CaseIterable {
  case catalog, json, arguments, http

  /// The target named by `IAP_FUZZ_TARGET`.
  static let selected: FuzzTarget = {
    let name = getenv("IAP_FUZZ_TARGET").map { String(cString: $0) } ?? ""
    guard let target = FuzzTarget(rawValue: name) else {
      let names = FuzzTarget.allCases.map(\.rawValue).joined(separator: ", ")
      fputs("set IAP_FUZZ_TARGET to one of: \(names)\n", stderr)
      exit(64)
    }
    return target
  }()

  func run(_ bytes: [UInt8]) {
    switch self {
    case .catalog: CatalogFuzzTarget.run(bytes)
    case .json: JSONFuzzTarget.run(bytes)
    case .arguments: ArgumentsFuzzTarget.run(bytes)
    case .http: HTTPFuzzTarget.run(bytes)
    }
  }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
  let bytes = count == 0 ? [] : Array(UnsafeRawBufferPointer(start: start, count: count))
  FuzzTarget.selected.run(bytes)
  return 0
}

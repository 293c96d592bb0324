import Foundation
import Testing

/// The fuzz targets in `swift test`: every input that once broke one
/// (`Fuzz/regressions/TARGET`) and every seed of its corpus (`Fuzz/corpus/TARGET`), run
/// through the target's invariants in the test build. libFuzzer's own runs, with the
/// sanitizers, need a build of their own (scripts/fuzz): scripts/e2e/fuzz.sh makes it when
/// `IAP_TEST_SCALE=full` (as .ci/run sets). A broken invariant stops the run with
/// `fatalError`, as it does under libFuzzer, naming what broke.
@Suite struct FuzzRegressionTests {
  static func run(_ target: String, _ bytes: [UInt8]) {
    switch target {
    case "catalog": CatalogFuzzTarget.run(bytes)
    case "json": JSONFuzzTarget.run(bytes)
    case "arguments": ArgumentsFuzzTarget.run(bytes)
    default: HTTPFuzzTarget.run(bytes)
    }
  }

  static func inputs(_ target: String) -> [URL] {
    ["regressions", "corpus"].flatMap { kind -> [URL] in
      let folder = EndToEndTests.packageRoot.appendingPathComponent("Fuzz/\(kind)/\(target)")
      let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
      return names.sorted().map { folder.appendingPathComponent($0) }
    }
  }

  @Test(arguments: ["catalog", "json", "arguments", "http"])
  func everyRegressionAndSeedHoldsTheInvariants(_ target: String) throws {
    let inputs = Self.inputs(target)
    #expect(inputs.count >= 3, "Fuzz/regressions/\(target) and Fuzz/corpus/\(target) hold its inputs")
    for input in inputs { Self.run(target, Array(try Data(contentsOf: input))) }
  }
}

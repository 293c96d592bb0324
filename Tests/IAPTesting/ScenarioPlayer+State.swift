import Foundation
import Testing

extension ScenarioPlayer {
  /// The state folder's files and their bytes, for `expectUnchanged(since:)`. The catalog
  /// cache is left out: any command may write it once the catalog has stayed unchanged for a
  /// while, and it is derived from the catalog, not state.
  package func stateSnapshot() -> [String: Data] {
    let root = directory + "/.iap"
    var files: [String: Data] = [:]
    let walker = FileManager.default.enumerator(atPath: root)
    while let path = walker?.nextObject() as? String {
      let name = (path as NSString).lastPathComponent
      guard !(name.hasPrefix("catalog-") && name.hasSuffix(".cache")) else { continue }
      if let data = FileManager.default.contents(atPath: root + "/" + path) { files[path] = data }
    }
    return files
  }

  /// Records an issue if the state folder differs from `snapshot`: a refused action must change nothing.
  package func expectUnchanged(since snapshot: [String: Data], sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(stateSnapshot() == snapshot, "a refused action changed the state [\(mode)]", sourceLocation: sourceLocation)
  }
}

import Foundation
import IAPFormats

/// A StoreKit configuration file (`.storekit`), read whole: what a test session sells.
///
/// `named(_:)` finds one by name as Xcode does for a test target, which copies it into the
/// test bundle. SwiftPM puts a test target's resources (`resources: [.copy("Resources")]` or
/// `.process(…)`) in a bundle of their own beside the test executable, which only the test
/// target itself can name (`Bundle.module`); a library cannot, so it looks, in this order:
///
/// 1. in every loaded bundle (`Bundle.allBundles`, the main one first): its resources folder
///    and its own folder, not their subfolders;
/// 2. in the resource bundles beside each loaded bundle and inside it (folders whose names end
///    in `.resources`, as SwiftPM makes them on Linux, or `.bundle`, as on macOS), subfolders
///    included, in the order of their names;
/// 3. in the working folder, then in its `Tests` folder and every folder under it (as
///    `swift test` runs from the package's folder), in the order of their names.
///
/// The first file found is the one used, so two test targets should not bring two different
/// files of one name: give them names of their own, or pass the file to
/// `SKTestSession(contentsOf:)` (`Bundle.module.url(forResource:withExtension:)`).
struct ConfigurationFile: Sendable {
  /// Where the file is.
  let url: URL
  /// Its text.
  let contents: String

  /// Reads the `.storekit` file at `url`: `invalidURL` unless it is a file URL of a
  /// `.storekit` file, `fileNotFound` unless it can be read as UTF-8 text.
  init(contentsOf url: URL) throws(SKTestError) {
    guard url.isFileURL, url.pathExtension == "storekit" else {
      throw SKTestError(.invalidURL, message: "\(url.absoluteString) is not a file URL of a .storekit configuration file")
    }
    guard let data = FileManager.default.contents(atPath: url.path), let text = String(data: data, encoding: .utf8) else {
      throw SKTestError(.fileNotFound, message: "cannot read the configuration file \(url.path)")
    }
    self.url = url
    contents = text
  }

  /// The configuration file `name` (with or without its `.storekit` extension), looked for as
  /// the type's summary says; `fileNotFound`, naming the folders searched, when none is there.
  static func named(_ name: String) throws(SKTestError) -> ConfigurationFile {
    let base = name.hasSuffix(".storekit") ? String(name.dropLast(".storekit".count)) : name
    let fileName = base + ".storekit"
    let places = searchPlaces()
    for place in places {
      if let found = find(fileName, in: place.folder, recursive: place.recursive) { return try ConfigurationFile(contentsOf: found) }
    }
    let searched = places.map { $0.folder.path + ($0.recursive ? "/**" : "") }.joined(separator: ", ")
    throw SKTestError(
      .fileNotFound,
      message: "no configuration file \(fileName) in the test bundle's resources nor under the working folder's Tests folder "
        + "(searched \(searched)): add it to the test target's resources (resources: [.copy(\"Resources\")]) "
        + "or pass its URL to SKTestSession(contentsOf:)")
  }

  /// `_disableDialogs` of the file's `settings`: the default of `SKTestSession.disableDialogs`.
  var disablesDialogs: Bool {
    (try? JSONParser.parse(contents))?["settings"]?["_disableDialogs"]?.boolValue ?? false
  }

  /// A folder to look in, and whether its subfolders are looked in too.
  private struct Place {
    var folder: URL
    var recursive: Bool
  }

  /// The folders of the search, in its order, each once.
  private static func searchPlaces() -> [Place] {
    let manager = FileManager.default
    var places: [Place] = []
    var seen: Set<String> = []
    func add(_ folder: URL, recursive: Bool) {
      let path = folder.standardizedFileURL.path
      guard seen.insert(path + (recursive ? "/**" : "")).inserted else { return }
      var isFolder: ObjCBool = false
      if manager.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
        places.append(Place(folder: URL(fileURLWithPath: path, isDirectory: true), recursive: recursive))
      }
    }
    let bundles = [Bundle.main] + Bundle.allBundles.filter { $0 != Bundle.main }
    for bundle in bundles {
      if let resources = bundle.resourceURL { add(resources, recursive: false) }
      add(bundle.bundleURL, recursive: false)
    }
    for bundle in bundles {
      for folder in [bundle.bundleURL, bundle.bundleURL.deletingLastPathComponent()] {
        for child in children(of: folder) where child.pathExtension == "resources" || child.pathExtension == "bundle" {
          add(child, recursive: true)
        }
      }
    }
    let working = URL(fileURLWithPath: manager.currentDirectoryPath, isDirectory: true)
    add(working, recursive: false)
    add(working.appendingPathComponent("Tests", isDirectory: true), recursive: true)
    return places
  }

  /// The file `fileName` in `folder`, or in its subfolders (by name order, depth first) when
  /// `recursive`; hidden folders are left out.
  private static func find(_ fileName: String, in folder: URL, recursive: Bool) -> URL? {
    let candidate = folder.appendingPathComponent(fileName)
    var isFolder: ObjCBool = false
    if FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isFolder), !isFolder.boolValue { return candidate }
    guard recursive else { return nil }
    for child in children(of: folder) where !child.lastPathComponent.hasPrefix(".") {
      var childIsFolder: ObjCBool = false
      guard FileManager.default.fileExists(atPath: child.path, isDirectory: &childIsFolder), childIsFolder.boolValue else { continue }
      if let found = find(fileName, in: child, recursive: true) { return found }
    }
    return nil
  }

  /// The entries of `folder`, by name.
  private static func children(of folder: URL) -> [URL] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return names.sorted().map { folder.appendingPathComponent($0) }
  }
}

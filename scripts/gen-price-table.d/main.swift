import Foundation

// scripts/gen-price-table's entry point: writes Sources/IAPCore/Catalog/PriceTable+Data.swift,
// or with --check says whether the checked-in file is what NumberFormatter writes today.
let arguments = CommandLine.arguments.dropFirst()
let check = arguments.contains("--check")
let path = arguments.first { !$0.hasPrefix("--") } ?? "Sources/IAPCore/Catalog/PriceTable+Data.swift"
do {
  let measured = try PriceTableGenerator.measure()
  let text = try PriceTableGenerator.render(measured)
  if check {
    let current = try? String(contentsOfFile: path, encoding: .utf8)
    guard current == text else {
      FileHandle.standardError.write("gen-price-table: \(path) is not what NumberFormatter writes today; run scripts/gen-price-table\n".data(using: .utf8)!)
      exit(1)
    }
    print("gen-price-table: \(path) is current")
  } else {
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    print("gen-price-table: wrote \(path) (\(text.utf8.count) bytes)")
  }
} catch {
  FileHandle.standardError.write("gen-price-table: \(error)\n".data(using: .utf8)!)
  exit(1)
}

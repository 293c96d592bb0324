/// The verdict of a Get Retention Message endpoint's performance test (`result`).
package enum PerformanceTestStatus: String, CaseIterable, Sendable {
  case pending = "PENDING"
  case pass = "PASS"
  case fail = "FAIL"
}

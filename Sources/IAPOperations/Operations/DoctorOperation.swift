import IAPCore
import IAPKit

/// Checking the state's records for damage, and salvaging what is intact.
package enum DoctorOperation: StoreOperation {
  /// Whether the intact records are kept in new logs.
  package static let repair = Parameter<Bool>.flag(ParameterInfo("repair", json: "repair", help: "Salvage every intact record into new logs."))
  package static let spec = OperationSpec("doctor", summary: "Check the state for damage, and repair it.", parameters: [repair.info])

  /// Whether to repair.
  package static func request(_ input: some OperationInput) throws(IAPError) -> Bool { try input.value(repair, default: false) }
}

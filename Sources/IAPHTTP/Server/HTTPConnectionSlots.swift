import IAPSystem

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The server's connection slots: who holds each, and what it is doing, so that a few slow
/// or idle clients cannot keep everyone else out.
///
/// A connection is `waiting` (accepted, or kept alive between requests, with no byte of a
/// request yet), `receiving` (part of a request has come) or `busy` (its request is being
/// answered: the handler, the response, an update stream). When a new connection finds no
/// free slot, or finds its client address at its share, the slot of a connection that is not
/// busy is taken back: one of the address holding the most slots, and among those the one
/// quiet longest. The connection taken back is shut down (its thread sees the end of the
/// stream and closes it); a busy one is never touched, so an answer under way or a
/// long-lived update stream is never cut. Only when every slot is busy is the newcomer
/// answered 503.
///
/// The per-address share keeps the last slots for other clients; an address below it takes
/// any free slot, so a test suite whose many connections all come from 127.0.0.1 is limited
/// only by the share (docs/server-api.md, "Connections").
final class HTTPConnectionSlots: Sendable {
  /// What a connection is doing.
  enum Phase {
    case waiting
    case receiving
    case busy
  }

  private struct Slot {
    var fd: Int32
    var address: String
    var phase: Phase
    /// When it last received bytes or finished an answer (monotonic ms).
    var active: Int64
  }

  /// The slots held, by connection id, and the id the next one gets: inside their lock.
  private struct Table {
    var slots: [Int: Slot] = [:]
    var nextId = 0

    /// Takes back the slot of the connection that is not busy, matches `candidate`, belongs to
    /// the address holding the most slots and has been quiet longest. Called inside the lock.
    mutating func evict(among candidate: (Slot) -> Bool, held: [String: Int]) -> Bool {
      var chosen: (id: Int, slot: Slot)?
      for (id, slot) in slots where slot.phase != .busy && candidate(slot) {
        guard let current = chosen?.slot else {
          chosen = (id, slot)
          continue
        }
        let (mine, theirs) = (held[slot.address, default: 0], held[current.address, default: 0])
        if mine > theirs || (mine == theirs && slot.active < current.active) { chosen = (id, slot) }
      }
      guard let chosen else { return false }
      slots[chosen.id] = nil
      // Wakes the connection's thread out of `poll`: it reads the end of the stream and closes.
      shutdown(chosen.slot.fd, Int32(SHUT_RDWR))
      return true
    }
  }

  private let capacity: Int
  private let share: Int
  private let table = Locked(Table())

  init(capacity: Int, share: Int) {
    self.capacity = capacity
    self.share = max(1, min(share, capacity))
  }

  /// Slots held now.
  var count: Int { table.withLock { $0.slots.count } }

  /// Slots whose connection is being answered now.
  var busyCount: Int { table.withLock { $0.slots.values.filter { $0.phase == .busy }.count } }

  /// A slot for a connection from `address`, its id, or nil when every slot it could take
  /// is busy (the caller answers 503). May take back another connection's slot (see the
  /// type's summary).
  func admit(fd: Int32, address: String) -> Int? {
    table.withLock { table in
      var held: [String: Int] = [:]
      for slot in table.slots.values { held[slot.address, default: 0] += 1 }
      if held[address, default: 0] >= share {
        // At its share: one of its own idle or slow connections makes room, or nothing does.
        guard table.evict(among: { $0.address == address }, held: held) else { return nil }
      } else if table.slots.count >= capacity {
        guard table.evict(among: { _ in true }, held: held) else { return nil }
      }
      table.nextId += 1
      table.slots[table.nextId] = Slot(fd: fd, address: address, phase: .waiting, active: Deadline.monotonicMilliseconds())
      return table.nextId
    }
  }

  /// Records what connection `id` is doing now; false when its slot was taken back (it
  /// must then close without answering: a request read as its slot went is not handled).
  @discardableResult
  func enter(_ phase: Phase, id: Int) -> Bool {
    table.withLock { table in
      guard table.slots[id] != nil else { return false }
      table.slots[id]!.phase = phase
      table.slots[id]!.active = Deadline.monotonicMilliseconds()
      return true
    }
  }

  /// Gives up connection `id`'s slot (if it still holds it): called before its descriptor is
  /// closed, so that a shutdown from `evict` never reaches a descriptor number reused since.
  func release(_ id: Int) {
    table.withLock { _ = $0.slots.removeValue(forKey: id) }
  }
}

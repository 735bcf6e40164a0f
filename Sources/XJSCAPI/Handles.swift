import XJS
import XJSEngine

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// The C API's handles are numbers, never addresses, so a stale or forged handle finds nothing
// instead of freed memory (Vulkan's non-dispatchable handles, wasmtime's store indices work
// alike). Two kinds:
//
// - Runtime-local handles (bit 63 set): runtimes, and the contexts, values and classes of a
//   runtime. They name a runtime slot (12 bits) and its epoch (7 bits), then a slot of that
//   runtime's table (32 bits, 0 for the runtime itself) and its generation (12 bits). A runtime's
//   table is used only on the runtime's thread, so it takes no lock; its values sit in a
//   RootedValues list the collector scans, so holding a handle keeps the value alive.
// - Error and content-process handles (bit 63 clear; bit 62 tells the two apart): a slot and
//   generation in one process-wide table per kind behind a mutex (errors outlive their runtime
//   and are rare; content processes belong to no runtime).

/// The process's runtimes by slot. Slots are taken and given back under a mutex; reading the
/// runtime of a slot takes none (only the runtime's own thread uses its handles, and the storage
/// never moves). `xjs_runtime_interrupt` reads the interrupt handle under the mutex.
final class RuntimeSlots: @unchecked Sendable {
  static let shared = RuntimeSlots()
  /// The same object unretained, for the lookups every call makes.
  static let unretained = Unmanaged.passUnretained(shared)
  static let capacity = 4096

  private let runtimes: UnsafeMutablePointer<Unmanaged<CRuntime>?>
  private let epochs: UnsafeMutablePointer<UInt8>
  private let tables: UnsafeMutablePointer<UnsafeMutablePointer<HandleTableState>?>
  private var interruptHandles: [InterruptHandle?]
  private var taken: [Bool]
  private let mutex = ProcessMutex()

  private init() {
    runtimes = .allocate(capacity: RuntimeSlots.capacity)
    runtimes.initialize(repeating: nil, count: RuntimeSlots.capacity)
    epochs = .allocate(capacity: RuntimeSlots.capacity)
    epochs.initialize(repeating: 0, count: RuntimeSlots.capacity)
    tables = .allocate(capacity: RuntimeSlots.capacity)
    tables.initialize(repeating: nil, count: RuntimeSlots.capacity)
    interruptHandles = Array(repeating: nil, count: RuntimeSlots.capacity)
    taken = Array(repeating: false, count: RuntimeSlots.capacity)
  }

  private func locked<T>(_ body: () -> T) -> T { mutex.locked(body) }

  /// A free slot and its new epoch, or nil when every slot is taken.
  func reserve() -> (slot: Int, epoch: UInt8)? {
    locked {
      for slot in 1..<RuntimeSlots.capacity where !taken[slot] {
        taken[slot] = true
        epochs[slot] = (epochs[slot] &+ 1) & 0x7F
        return (slot, epochs[slot])
      }
      return nil
    }
  }

  /// Makes `runtime` the owner of its reserved slot (the table keeps it alive until `vacate`).
  func occupy(_ runtime: CRuntime) {
    locked {
      runtimes[runtime.slot] = Unmanaged.passRetained(runtime)
      tables[runtime.slot] = runtime.table
      interruptHandles[runtime.slot] = runtime.virtualMachine.interruptHandle
    }
  }

  /// Frees a slot; returns the runtime so the caller drops the last reference on its thread.
  func vacate(_ slot: Int) -> CRuntime? {
    locked {
      let runtime = runtimes[slot]?.takeRetainedValue()
      runtimes[slot] = nil
      tables[slot] = nil
      interruptHandles[slot] = nil
      taken[slot] = false
      epochs[slot] = (epochs[slot] &+ 1) & 0x7F
      return runtime
    }
  }

  @inline(__always)
  func runtime(slot: Int, epoch: UInt8) -> CRuntime? {
    guard slot > 0, slot < RuntimeSlots.capacity, epochs[slot] == epoch, let runtime = runtimes[slot] else {
      return nil
    }
    return runtime.takeUnretainedValue()
  }

  /// The handle table of a live runtime, without touching the runtime object (the hot paths).
  @inline(__always)
  func table(slot: Int, epoch: UInt8) -> UnsafeMutablePointer<HandleTableState>? {
    guard slot > 0, slot < RuntimeSlots.capacity, epochs[slot] == epoch else { return nil }
    return tables[slot]
  }

  func interruptHandle(slot: Int, epoch: UInt8) -> InterruptHandle? {
    locked {
      guard slot > 0, slot < RuntimeSlots.capacity, epochs[slot] == epoch else { return nil }
      return interruptHandles[slot]
    }
  }
}

/// The fields of a runtime-local handle.
struct LocalHandle {
  var slot: Int
  var epoch: UInt8
  /// The entry of the runtime's table, or -1 for the runtime itself.
  var index: Int
  var generation: UInt16

  @inline(__always)
  var pointer: OpaquePointer {
    let bits =
      UInt(1) << 63 | UInt(slot) << 51 | UInt(epoch) << 44 | UInt(generation & 0xFFF) << 32 | UInt(index + 1)
    return OpaquePointer(bitPattern: bits)!
  }

  @inline(__always)
  init(slot: Int, epoch: UInt8, index: Int, generation: UInt16) {
    self.slot = slot
    self.epoch = epoch
    self.index = index
    self.generation = generation
  }

  @inline(__always)
  init?(_ handle: OpaquePointer?) {
    let bits = UInt(bitPattern: handle)
    guard bits >> 63 == 1 else { return nil }
    slot = Int((bits >> 51) & 0xFFF)
    epoch = UInt8((bits >> 44) & 0x7F)
    generation = UInt16((bits >> 32) & 0xFFF)
    index = Int(bits & 0xFFFF_FFFF) - 1
  }
}

/// What a slot of a runtime's table holds.
enum EntryKind: UInt8 {
  case free = 0
  case value
  case context
  case hostClass
}

/// A slot's kind and generation (12 bits, as handles carry it).
struct EntryTag {
  var kind: EntryKind
  var generation: UInt16
}

/// Handles to objects that belong to no runtime (errors, content processes): one process-wide
/// table per kind behind a mutex. A handle is the slot + 1 (low 32 bits), its generation (bits
/// 32-61) and the table's tag (bit 62: content processes), so no kind's handle finds another's.
final class ProcessHandleTable<Object: AnyObject>: @unchecked Sendable {
  private let tag: UInt
  private var objects: [Object?] = []
  private var generations: [UInt32] = []
  private var freeSlots: [Int] = []
  private let mutex = ProcessMutex()

  init(tag: UInt) { self.tag = tag }

  private func locked<T>(_ body: () -> T) -> T { mutex.locked(body) }

  func insert(_ object: Object) -> OpaquePointer {
    locked {
      let index: Int
      if let reused = freeSlots.popLast() {
        index = reused
      } else {
        index = objects.count
        objects.append(nil)
        generations.append(1)
      }
      objects[index] = object
      return OpaquePointer(bitPattern: UInt(index + 1) | UInt(generations[index]) << 32 | tag)!
    }
  }

  private func slot(_ handle: OpaquePointer?) -> (index: Int, generation: UInt32)? {
    let bits = UInt(bitPattern: handle)
    guard bits != 0, bits >> 62 == tag >> 62, bits & 0xFFFF_FFFF > 0 else { return nil }
    return (Int(bits & 0xFFFF_FFFF) - 1, UInt32(truncatingIfNeeded: bits >> 32) & 0x3FFF_FFFF)
  }

  func lookup(_ handle: OpaquePointer?) -> Object? {
    guard let (index, generation) = slot(handle) else { return nil }
    return locked { index < objects.count && generations[index] == generation ? objects[index] : nil }
  }

  /// Frees a handle; returns the object so its last reference goes outside the lock.
  func remove(_ handle: OpaquePointer?) -> Object? {
    guard let (index, generation) = slot(handle) else { return nil }
    return locked {
      guard index < objects.count, generations[index] == generation, let object = objects[index] else { return nil }
      objects[index] = nil
      generations[index] = generations[index] == 0x3FFF_FFFF ? 1 : generations[index] + 1
      freeSlots.append(index)
      return object
    }
  }
}

/// The error handles.
let errorTable = ProcessHandleTable<CError>(tag: 0)

/// A pthread mutex for the process-wide tables (allocated once: a mutex must not move).
final class ProcessMutex: @unchecked Sendable {
  private let mutex: UnsafeMutablePointer<pthread_mutex_t>

  init() {
    mutex = .allocate(capacity: 1)
    pthread_mutex_init(mutex, nil)
  }

  func locked<T>(_ body: () -> T) -> T {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return body()
  }
}

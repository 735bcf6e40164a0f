#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The C API's handles: every `xjs_runtime *`, `xjs_context *`, `xjs_value *`, `xjs_error *` and
/// `xjs_class *` is a slot number and a generation packed into a pointer-sized integer, never an
/// address. A released handle's slot gets a new generation, so a stale handle finds nothing
/// instead of freed memory (Vulkan's non-dispatchable handles, wasmtime's stores work alike).
///
/// One table serves the process, behind a mutex: handles are created and released on their
/// runtimes' threads, but `xjs_runtime_interrupt` looks one up from any thread.
final class HandleTable: @unchecked Sendable {
  static let shared = HandleTable()

  private struct Slot {
    var generation: UInt32 = 1
    var object: AnyObject?
    /// The runtime the handle belongs to (destroying it invalidates the handle), 0 for none.
    var owner: Int = 0
  }

  private var slots: [Slot] = []
  private var runtimeSerials = 0
  private var freeSlots: [Int] = []
  private let mutex: UnsafeMutablePointer<pthread_mutex_t>

  private init() {
    mutex = .allocate(capacity: 1)
    pthread_mutex_init(mutex, nil)
  }

  private func locked<T>(_ body: () -> T) -> T {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return body()
  }

  /// A number naming a new runtime (handles record it as their owner).
  func nextRuntimeSerial() -> Int {
    locked {
      runtimeSerials += 1
      return runtimeSerials
    }
  }

  /// The object behind a live handle and the runtime that owns it.
  func lookupWithOwner<T: AnyObject>(_ handle: OpaquePointer?, as type: T.Type) -> (T, owner: Int)? {
    guard let (index, generation) = HandleTable.unpack(handle) else { return nil }
    return locked {
      guard index < slots.count, slots[index].generation == generation, let object = slots[index].object as? T
      else { return nil }
      return (object, slots[index].owner)
    }
  }

  /// A new handle for `object`, owned by runtime `owner` (0: none).
  func insert(_ object: AnyObject, owner: Int) -> OpaquePointer {
    locked {
      let index: Int
      if let reused = freeSlots.popLast() {
        index = reused
      } else {
        index = slots.count
        slots.append(Slot())
      }
      slots[index].object = object
      slots[index].owner = owner
      return HandleTable.pack(index: index, generation: slots[index].generation)
    }
  }

  /// The object behind a live handle of type `T`, or nil (NULL, released, or another type).
  func lookup<T: AnyObject>(_ handle: OpaquePointer?, as type: T.Type) -> T? {
    guard let (index, generation) = HandleTable.unpack(handle) else { return nil }
    return locked {
      guard index < slots.count, slots[index].generation == generation else { return nil }
      return slots[index].object as? T
    }
  }

  /// Frees a handle; returns its object so the caller drops the last reference outside the lock.
  @discardableResult
  func remove(_ handle: OpaquePointer?) -> AnyObject? {
    guard let (index, generation) = HandleTable.unpack(handle) else { return nil }
    return locked {
      guard index < slots.count, slots[index].generation == generation else { return nil }
      return freeSlot(index)
    }
  }

  /// Frees every handle of runtime `owner`; returns their objects for the caller to drop.
  func removeAll(ownedBy owner: Int) -> [AnyObject] {
    locked {
      var dropped: [AnyObject] = []
      for index in slots.indices where slots[index].owner == owner && slots[index].object != nil {
        if let object = freeSlot(index) { dropped.append(object) }
      }
      return dropped
    }
  }

  private func freeSlot(_ index: Int) -> AnyObject? {
    let object = slots[index].object
    slots[index].object = nil
    slots[index].owner = 0
    slots[index].generation = slots[index].generation == UInt32.max ? 1 : slots[index].generation + 1
    freeSlots.append(index)
    return object
  }

  /// Slot + 1 in the low 32 bits (so no handle is NULL), the generation above.
  private static func pack(index: Int, generation: UInt32) -> OpaquePointer {
    OpaquePointer(bitPattern: UInt(index + 1) | UInt(generation) << 32)!
  }

  private static func unpack(_ handle: OpaquePointer?) -> (index: Int, generation: UInt32)? {
    guard let handle else { return nil }
    let bits = UInt(bitPattern: handle)
    let slot = Int(bits & 0xFFFF_FFFF)
    guard slot > 0 else { return nil }
    return (slot - 1, UInt32(truncatingIfNeeded: bits >> 32))
  }
}

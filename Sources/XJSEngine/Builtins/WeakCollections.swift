// Weak collections (WeakMap, WeakSet, WeakRef) clear entries whose keys died
// after marking. None exist yet, so there is nothing to clear.
extension Runtime {
  func processWeakCollections(_ heap: Heap) {}
}

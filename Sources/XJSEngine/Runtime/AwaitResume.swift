extension Runtime {
  func resumeAwait(_ object: Value, throwing: Bool, value: Value) throws(JSException) {
    fatalError("await is not implemented yet")
  }
}

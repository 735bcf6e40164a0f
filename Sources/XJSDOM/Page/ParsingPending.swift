import XJS

// Temporary until XJSHTML's parser lands: markup setters report that they cannot parse yet.
extension DOMRealm {
  func setInnerHTML(_ element: Element, _ markup: String) throws {
    throw DOMError.notSupported("innerHTML parsing is not available yet")
  }
  func setOuterHTML(_ element: Element, _ markup: String) throws {
    throw DOMError.notSupported("outerHTML parsing is not available yet")
  }
  func insertAdjacentHTML(_ element: Element, position: String, markup: String) throws {
    throw DOMError.notSupported("insertAdjacentHTML parsing is not available yet")
  }
}

import XJS

extension DOMRealm {
  /// Dispatches a trusted event that the host makes (a click the user gave, a message from the
  /// browser) at the first element `selector` matches; "window" and "document" name those.
  /// Returns whether no listener canceled it, or nil when nothing matched. The listeners' errors
  /// are reported, and a microtask checkpoint follows each listener (a host-initiated dispatch).
  public func dispatchHostEvent(
    _ type: String, at selector: String, bubbles: Bool = true, cancelable: Bool = true
  ) throws(DOMError) -> Bool? {
    let target: EventTarget?
    switch selector {
    case "window": target = window
    case "document": target = document
    default:
      do {
        target = try querySelector(document, selector)
      } catch {
        throw (error as? DOMError) ?? DOMError.syntax("'\(selector)' is not a valid selector.")
      }
    }
    guard let target else { return nil }
    let interface = ["click", "dblclick", "mousedown", "mouseup", "mousemove"].contains(type) ? "MouseEvent" : "Event"
    return dispatch(makeEvent(type: type, interface: interface, bubbles: bubbles, cancelable: cancelable), to: target)
  }
}

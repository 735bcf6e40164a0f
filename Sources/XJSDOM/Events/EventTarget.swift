import XJS

/// One registered event listener (the DOM's "event listener" struct).
final class EventListener {
  let type: String
  /// The function or object to call; nil for the listener an event handler (`onclick`) owns.
  let callback: JSHeapReference?
  /// The event handler this listener runs (the name without "on").
  var handlerName: String?
  let capture: Bool
  let once: Bool
  let passive: Bool
  /// The signal whose abort removes the listener.
  var signal: AbortSignal?
  var removed = false

  init(type: String, callback: JSHeapReference?, capture: Bool, once: Bool, passive: Bool, signal: AbortSignal?) {
    self.type = type
    self.callback = callback
    self.capture = capture
    self.once = once
    self.passive = passive
    self.signal = signal
  }
}

/// Anything events are dispatched to: nodes, the window, abort signals.
public class EventTarget {
  /// The object script sees for this target. Made with the target and kept without rooting it;
  /// see `Node` for the lifetime rule.
  var wrapper: JSHeapReference?
  var listeners: [EventListener] = []
  /// The `on…` event handler attributes and properties that are set (name without "on").
  var eventHandlers: [String: JSHeapReference] = [:]
  /// Handlers given as content attributes (`onclick="…"`), compiled when first run.
  var eventHandlerSources: [String: String] = [:]

  /// What the collector must keep alive while the wrapper is alive.
  func trace(_ tracer: JSTracer) {
    for listener in listeners {
      listener.callback.map(tracer.mark)
      listener.signal?.wrapper.map(tracer.mark)
    }
    for handler in eventHandlers.values { tracer.mark(handler) }
  }

  /// Called when the wrapper has been collected: drop every reference (no VM calls).
  func wrapperCollected() {
    wrapper = nil
    listeners = []
    eventHandlers = [:]
    eventHandlerSources = [:]
  }

  /// Registers the listener an event handler runs through, once (at its first setting).
  func ensureHandlerListener(_ name: String) {
    guard !listeners.contains(where: { $0.handlerName == name }) else { return }
    let listener = EventListener(type: name, callback: nil, capture: false, once: false, passive: false, signal: nil)
    listener.handlerName = name
    listeners.append(listener)
  }

  /// The target an event goes to after this one on its path ("get the parent").
  func parentForEvent(_ event: Event) -> EventTarget? { nil }

  // MARK: Listeners

  /// "Add an event listener": no duplicate (same type, callback and capture).
  func addListener(_ listener: EventListener) {
    if let signal = listener.signal, signal.aborted { return }
    let duplicate = listeners.contains {
      $0.type == listener.type && $0.callback == listener.callback && $0.capture == listener.capture
        && listener.handlerName == nil
    }
    if duplicate { return }
    listeners.append(listener)
    if let signal = listener.signal {
      signal.abortAlgorithms.append { [weak self, weak listener] in
        if let self, let listener { self.removeListener(listener) }
      }
    }
  }

  func removeListener(type: String, callback: JSHeapReference, capture: Bool) {
    if let index = listeners.firstIndex(where: {
      $0.type == type && $0.callback == callback && $0.capture == capture
    }) {
      removeListener(listeners[index])
    }
  }

  func removeListener(_ listener: EventListener) {
    listener.removed = true
    listeners.removeAll { $0 === listener }
  }
}

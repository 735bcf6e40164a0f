import XJS

/// An event (`Event`, and through `kind` its subclasses' extra state).
public final class Event {
  public enum Phase: Int {
    case none = 0
    case capturing = 1
    case atTarget = 2
    case bubbling = 3
  }

  public internal(set) var type: String
  public internal(set) var bubbles: Bool
  public internal(set) var cancelable: Bool
  public internal(set) var composed: Bool
  public internal(set) var isTrusted = false
  public let timeStamp: Double

  var target: EventTarget?
  var currentTarget: EventTarget?
  var relatedTarget: EventTarget?
  var phase = Phase.none
  /// The targets of the dispatch under way (for `composedPath`).
  var path: [EventTarget] = []

  var stopPropagationFlag = false
  var stopImmediatePropagationFlag = false
  var canceledFlag = false
  var inPassiveListenerFlag = false
  var dispatchFlag = false
  var initializedFlag = true
  /// `returnValue`'s legacy twin of the canceled flag and `cancelBubble` of stop propagation
  /// read these.

  /// Values of the subclasses: CustomEvent's `detail`, ErrorEvent's `error`, … (traced).
  var values: [String: JSHeapReference] = [:]
  /// Primitive values given for those members (`detail: 5`).
  var primitiveValues: [String: JSValue] = [:]
  /// Their plain fields (ErrorEvent's message, filename, lineno, colno; UIEvent's detail…).
  var fields: [String: FieldValue] = [:]

  enum FieldValue {
    case string(String)
    case number(Double)
    case bool(Bool)
  }

  var wrapper: JSHeapReference?

  init(type: String, bubbles: Bool = false, cancelable: Bool = false, composed: Bool = false, timeStamp: Double) {
    self.type = type
    self.bubbles = bubbles
    self.cancelable = cancelable
    self.composed = composed
    self.timeStamp = timeStamp
  }

  /// "Set the canceled flag": only for a cancelable event outside a passive listener.
  func setCanceled() {
    if cancelable && !inPassiveListenerFlag { canceledFlag = true }
  }

  func trace(_ tracer: JSTracer) {
    for target in [target, currentTarget, relatedTarget] { target?.wrapper.map(tracer.mark) }
    for target in path { target.wrapper.map(tracer.mark) }
    for value in values.values { tracer.mark(value) }
  }
}

/// `AbortSignal`: an event target that is aborted once, with a reason.
public final class AbortSignal: EventTarget {
  public internal(set) var aborted = false
  var reason: JSHeapReference?
  var primitiveReason: JSValue?
  /// What aborting does besides the `abort` event (removing listeners registered with it).
  var abortAlgorithms: [() -> Void] = []
  /// Signals made by `AbortSignal.any` that follow this one.
  var dependents: [AbortSignal] = []

  override func trace(_ tracer: JSTracer) {
    super.trace(tracer)
    reason.map(tracer.mark)
    for dependent in dependents { dependent.wrapper.map(tracer.mark) }
  }
}

/// `AbortController`: owns a signal.
public final class AbortController {
  let signal: AbortSignal
  var wrapper: JSHeapReference?

  init(signal: AbortSignal) {
    self.signal = signal
  }
}

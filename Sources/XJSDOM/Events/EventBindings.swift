import XJS

/// The event interfaces beyond `Event`: parent, and each dictionary member with its default.
private let eventInterfaces: [(name: String, parent: String, members: [(String, Event.FieldValue?)])] = [
  ("CustomEvent", "Event", [("detail", nil)]),
  (
    "ErrorEvent", "Event",
    [
      ("message", .string("")), ("filename", .string("")), ("lineno", .number(0)),
      ("colno", .number(0)), ("error", nil),
    ]
  ),
  ("UIEvent", "Event", [("view", nil), ("detail", .number(0))]),
  ("FocusEvent", "UIEvent", [("relatedTarget", nil)]),
  (
    "MouseEvent", "UIEvent",
    [
      ("screenX", .number(0)), ("screenY", .number(0)), ("clientX", .number(0)),
      ("clientY", .number(0)), ("ctrlKey", .bool(false)), ("shiftKey", .bool(false)), ("altKey", .bool(false)),
      ("metaKey", .bool(false)), ("button", .number(0)), ("buttons", .number(0)), ("relatedTarget", nil),
    ]
  ),
  (
    "KeyboardEvent", "UIEvent",
    [
      ("key", .string("")), ("code", .string("")), ("location", .number(0)),
      ("ctrlKey", .bool(false)), ("shiftKey", .bool(false)), ("altKey", .bool(false)), ("metaKey", .bool(false)),
      ("repeat", .bool(false)), ("isComposing", .bool(false)), ("charCode", .number(0)), ("keyCode", .number(0)),
      ("which", .number(0)),
    ]
  ),
  (
    "WheelEvent", "MouseEvent",
    [("deltaX", .number(0)), ("deltaY", .number(0)), ("deltaZ", .number(0)), ("deltaMode", .number(0))]
  ),
  ("CompositionEvent", "UIEvent", [("data", .string(""))]),
  ("InputEvent", "UIEvent", [("data", nil), ("isComposing", .bool(false)), ("inputType", .string(""))]),
  ("PromiseRejectionEvent", "Event", [("promise", nil), ("reason", nil)]),
  ("MessageEvent", "Event", [("data", nil), ("origin", .string("")), ("lastEventId", .string(""))]),
  ("HashChangeEvent", "Event", [("oldURL", .string("")), ("newURL", .string(""))]),
  ("PageTransitionEvent", "Event", [("persisted", .bool(false))]),
]

extension Interfaces {
  func installEventTargetMembers(_ realm: DOMRealm) {
    let members = Members(jsClass: eventTarget, realm: realm)
    members.method("addEventListener", 2) { target, call, realm in
      try realm.addEventListener(target, call)
      return realm.context.undefined
    }
    members.method("removeEventListener", 2) { target, call, realm in
      try realm.removeEventListener(target, call)
      return realm.context.undefined
    }
    members.method("dispatchEvent", 1) { target, call, realm in
      try realm.require(call, 1, "dispatchEvent", "EventTarget")
      return realm.context.value(try realm.dispatchFromScript(call[0], to: target))
    }
    eventTarget.constructor(makingObject: { [weak realm] _, prototype in
      guard let realm else { throw JSError(name: "TypeError", message: "Illegal constructor") }
      let target = EventTarget()
      let object = try self.eventTarget.wrap(target, prototype: prototype, in: realm.context)
      target.wrapper = object.heapReference
      return object
    })
  }

  func installEventMembers(_ realm: DOMRealm) {
    let members = Members(jsClass: event, realm: realm)
    members.attribute("type") { event, realm in realm.context.value(event.type) }
    members.attribute("target") { event, realm in realm.value(of: event.target) }
    members.attribute("srcElement") { event, realm in realm.value(of: event.target) }
    members.attribute("currentTarget") { event, realm in realm.value(of: event.currentTarget) }
    members.attribute("eventPhase") { event, realm in realm.context.value(event.phase.rawValue) }
    members.attribute("bubbles") { event, realm in realm.context.value(event.bubbles) }
    members.attribute("cancelable") { event, realm in realm.context.value(event.cancelable) }
    members.attribute("composed") { event, realm in realm.context.value(event.composed) }
    members.attribute("isTrusted") { event, realm in realm.context.value(event.isTrusted) }
    members.attribute("timeStamp") { event, realm in realm.context.value(event.timeStamp) }
    members.attribute("defaultPrevented") { event, realm in realm.context.value(event.canceledFlag) }
    members.attribute(
      "returnValue", { event, realm in realm.context.value(!event.canceledFlag) },
      set: { event, value, _ in if !value.toBool() { event.setCanceled() } })
    members.attribute(
      "cancelBubble", { event, realm in realm.context.value(event.stopPropagationFlag) },
      set: { event, value, _ in if value.toBool() { event.stopPropagationFlag = true } })
    members.method("composedPath") { event, _, realm in
      realm.context.array(event.currentTarget == nil ? [] : event.path.map { realm.value(of: $0) })
    }
    members.method("stopPropagation") { event, _, realm in
      event.stopPropagationFlag = true
      return realm.context.undefined
    }
    members.method("stopImmediatePropagation") { event, _, realm in
      event.stopPropagationFlag = true
      event.stopImmediatePropagationFlag = true
      return realm.context.undefined
    }
    members.method("preventDefault") { event, _, realm in
      event.setCanceled()
      return realm.context.undefined
    }
    members.method("initEvent", 1) { event, call, realm in
      try realm.require(call, 1, "initEvent", "Event")
      guard !event.dispatchFlag else { return realm.context.undefined }
      event.initialize(type: try realm.string(call[0]), bubbles: call[1].toBool(), cancelable: call[2].toBool())
      return realm.context.undefined
    }
    realm.afterInstall.append { context in
      for (index, name) in ["NONE", "CAPTURING_PHASE", "AT_TARGET", "BUBBLING_PHASE"].enumerated() {
        for object in [try self.event.constructor(in: context), try self.event.prototype(in: context)] {
          try object.defineProperty(name, value: index, writable: false, enumerable: true, configurable: false)
        }
      }
    }
    event.constructor(
      length: 1,
      makingObject: { [weak realm] call, prototype in
        guard let realm else { throw JSError(name: "TypeError", message: "Illegal constructor") }
        return try realm.constructEvent(call, prototype: prototype, jsClass: self.event, members: [])
      })
    var classes: [String: JSClass<Event>] = ["Event": event]
    var inherited: [String: [(String, Event.FieldValue?)]] = ["Event": []]
    for interface in eventInterfaces {
      let jsClass = JSClass<Event>(interface.name, extends: classes[interface.parent]!, trace: { $0.trace($1) })
      classes[interface.name] = jsClass
      let allMembers = inherited[interface.parent]! + interface.members
      inherited[interface.name] = allMembers
      let eventMembers = Members(jsClass: jsClass, realm: realm)
      for (name, _) in interface.members {
        eventMembers.attribute(name) { event, realm in realm.eventField(event, name) }
      }
      jsClass.constructor(
        length: 1,
        makingObject: { [weak realm] call, prototype in
          guard let realm else { throw JSError(name: "TypeError", message: "Illegal constructor") }
          return try realm.constructEvent(call, prototype: prototype, jsClass: jsClass, members: allMembers)
        })
      if interface.name == "CustomEvent" {
        eventMembers.method("initCustomEvent", 1) { event, call, realm in
          guard !event.dispatchFlag else { return realm.context.undefined }
          event.initialize(type: try realm.string(call[0]), bubbles: call[1].toBool(), cancelable: call[2].toBool())
          event.values["detail"] = call.argumentCount > 3 ? call[3].heapReference : nil
          event.fields["detail"] = nil
          if call.argumentCount > 3, !call[3].isObject { event.primitiveValues["detail"] = call[3] }
          return realm.context.undefined
        }
      }
    }
    eventClasses = classes
    installAbortMembers(realm)
  }

  private func installAbortMembers(_ realm: DOMRealm) {
    let signalMembers = Members(jsClass: abortSignal, realm: realm)
    signalMembers.attribute("aborted") { signal, realm in realm.context.value(signal.aborted) }
    signalMembers.attribute("reason") { signal, realm in realm.abortReason(signal) }
    signalMembers.method("throwIfAborted") { signal, _, realm in
      if signal.aborted { throw JSError(throwing: realm.abortReason(signal)) }
      return realm.context.undefined
    }
    abortSignal.staticMethod("abort") { [weak realm] call in
      guard let realm else { return call.context.undefined }
      let signal = realm.makeAbortSignal()
      realm.abort(signal, reason: call.argumentCount > 0 ? call[0] : nil)
      return realm.value(of: signal)
    }
    abortSignal.staticMethod("any", length: 1) { [weak realm] call in
      guard let realm else { return call.context.undefined }
      let signal = realm.makeAbortSignal()
      for value in try call[0].toArray() {
        guard let source = realm.interfaces.abortSignal.instance(of: value) else {
          throw JSError(name: "TypeError", message: "AbortSignal.any takes an iterable of AbortSignals")
        }
        if source.aborted {
          realm.abort(signal, reason: realm.abortReason(source))
          break
        }
        source.dependents.append(signal)
      }
      return realm.value(of: signal)
    }
    let controllerMembers = Members(jsClass: abortController, realm: realm)
    controllerMembers.attribute("signal") { controller, realm in realm.value(of: controller.signal) }
    controllerMembers.method("abort") { controller, call, realm in
      realm.abort(controller.signal, reason: call.argumentCount > 0 ? call[0] : nil)
      return realm.context.undefined
    }
    abortController.constructor(makingObject: { [weak realm] _, prototype in
      guard let realm else { throw JSError(name: "TypeError", message: "Illegal constructor") }
      let controller = AbortController(signal: realm.makeAbortSignal())
      let object = try self.abortController.wrap(controller, prototype: prototype, in: realm.context)
      controller.wrapper = object.heapReference
      return object
    })
  }
}

extension Event {
  func initialize(type: String, bubbles: Bool, cancelable: Bool) {
    self.type = type
    self.bubbles = bubbles
    self.cancelable = cancelable
    initializedFlag = true
    stopPropagationFlag = false
    stopImmediatePropagationFlag = false
    canceledFlag = false
    isTrusted = false
    target = nil
  }
}

extension DOMRealm {
  /// An event the host makes (trusted), with its wrapper.
  func makeEvent(type: String, interface: String = "Event", bubbles: Bool = false, cancelable: Bool = false) -> Event {
    let event = Event(type: type, bubbles: bubbles, cancelable: cancelable, timeStamp: milliseconds())
    event.isTrusted = true
    let jsClass = interfaces.eventClasses[interface] ?? interfaces.event
    event.wrapper = (try? jsClass.wrap(event, in: context))?.heapReference
    return event
  }

  func milliseconds() -> Double {
    let elapsed = timeOrigin.duration(to: ContinuousClock.now)
    return Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
  }

  /// `new Event(type, init)` and its subclasses.
  func constructEvent(
    _ call: JSCall, prototype: JSValue, jsClass: JSClass<Event>, members: [(String, Event.FieldValue?)]
  )
    throws -> JSValue
  {
    try require(call, 1, "constructor", jsClass.name)
    let type = try string(call[0])
    let options = call.argumentCount > 1 && call[1].isObject ? call[1] : nil
    func flag(_ name: String) throws -> Bool { try options?[name].toBool() ?? false }
    let event = Event(
      type: type, bubbles: try flag("bubbles"), cancelable: try flag("cancelable"), composed: try flag("composed"),
      timeStamp: milliseconds())
    for (name, defaultValue) in members {
      let given = try options?[name]
      switch defaultValue {
      case .string(let value):
        event.fields[name] = .string(try given.map { $0.isUndefined ? value : try $0.toString() } ?? value)
      case .number(let value):
        event.fields[name] = .number(try given.map { $0.isUndefined ? value : try $0.toDouble() } ?? value)
      case .bool(let value): event.fields[name] = .bool(given.map { $0.isUndefined ? value : $0.toBool() } ?? value)
      case nil:
        guard let given, !given.isUndefined else { continue }
        if let reference = given.heapReference {
          event.values[name] = reference
        } else {
          event.primitiveValues[name] = given
        }
      }
    }
    let object = try jsClass.wrap(event, prototype: prototype, in: context)
    event.wrapper = object.heapReference
    return object
  }

  /// A subclass's member: its field, its object, or null.
  func eventField(_ event: Event, _ name: String) -> JSValue {
    if let reference = event.values[name] { return reference.value(in: context) }
    if let primitive = event.primitiveValues[name] { return primitive }
    switch event.fields[name] {
    case .string(let value): return context.value(value)
    case .number(let value): return context.value(value)
    case .bool(let value): return context.value(value)
    case nil: return name == "error" || name == "reason" || name == "promise" ? context.undefined : context.null
    }
  }

  // MARK: Listeners

  /// `addEventListener(type, callback, options)`.
  func addEventListener(_ target: EventTarget, _ call: JSCall) throws {
    try require(call, 2, "addEventListener", "EventTarget")
    let type = try string(call[0])
    guard let callback = call[1].heapReference else { return }  // null: nothing to add
    var capture = false
    var once = false
    var passive = false
    var signal: AbortSignal?
    let options = call[2]
    if options.isObject {
      capture = try options["capture"].toBool()
      once = try options["once"].toBool()
      passive = try options["passive"].toBool()
      let signalValue = try options["signal"]
      if !signalValue.isUndefined {
        guard let given = interfaces.abortSignal.instance(of: signalValue) else {
          throw typeError(
            "Failed to execute 'addEventListener' on 'EventTarget': member signal is not of type 'AbortSignal'.")
        }
        signal = given
      }
    } else {
      capture = options.toBool()
    }
    target.addListener(
      EventListener(type: type, callback: callback, capture: capture, once: once, passive: passive, signal: signal))
  }

  func removeEventListener(_ target: EventTarget, _ call: JSCall) throws {
    try require(call, 2, "removeEventListener", "EventTarget")
    let type = try string(call[0])
    guard let callback = call[1].heapReference else { return }
    let options = call[2]
    let capture = options.isObject ? try options["capture"].toBool() : options.toBool()
    target.removeListener(type: type, callback: callback, capture: capture)
  }

  /// `dispatchEvent(event)`: InvalidStateError for an event being dispatched or not initialized.
  func dispatchFromScript(_ value: JSValue, to target: EventTarget) throws -> Bool {
    guard let event = interfaces.event.instance(of: value) else {
      throw typeError("Failed to execute 'dispatchEvent' on 'EventTarget': parameter 1 is not of type 'Event'.")
    }
    guard !event.dispatchFlag, event.initializedFlag else {
      throw DOMError.invalidState("The event is already being dispatched.")
    }
    event.isTrusted = false
    return dispatch(event, to: target)
  }

  // MARK: Abort

  func makeAbortSignal() -> AbortSignal {
    let signal = AbortSignal()
    signal.wrapper = (try? interfaces.abortSignal.wrap(signal, in: context))?.heapReference
    nursery.append(signal)
    return signal
  }

  func abortReason(_ signal: AbortSignal) -> JSValue {
    if let reason = signal.reason { return reason.value(in: context) }
    if let primitive = signal.primitiveReason { return primitive }
    return context.undefined
  }

  /// "Signal abort": the reason (an AbortError DOMException by default), the algorithms, the
  /// `abort` event, then the dependent signals.
  func abort(_ signal: AbortSignal, reason: JSValue?) {
    guard !signal.aborted else { return }
    signal.aborted = true
    let reasonValue: JSValue
    if let reason, !reason.isUndefined {
      reasonValue = reason
    } else {
      reasonValue = exception(DOMError("AbortError", "signal is aborted without reason")).value ?? context.undefined
    }
    if let reference = reasonValue.heapReference {
      signal.reason = reference
    } else {
      signal.primitiveReason = reasonValue
    }
    for algorithm in signal.abortAlgorithms { algorithm() }
    signal.abortAlgorithms = []
    dispatch(makeEvent(type: "abort"), to: signal)
    for dependent in signal.dependents { abort(dependent, reason: reasonValue) }
  }
}

extension DOMRealm {
  /// `document.createEvent(interface)`: an uninitialized event of a legacy-named interface.
  func createEvent(interface: String) throws -> JSValue {
    let aliases: [String: String] = [
      "event": "Event", "events": "Event", "htmlevents": "Event", "svgevents": "Event", "customevent": "CustomEvent",
      "errorevent": "ErrorEvent", "uievent": "UIEvent", "uievents": "UIEvent", "mouseevent": "MouseEvent",
      "mouseevents": "MouseEvent", "keyboardevent": "KeyboardEvent", "focusevent": "FocusEvent",
      "messageevent": "MessageEvent", "hashchangeevent": "HashChangeEvent",
    ]
    guard let name = aliases[asciiLowercase(interface)], let jsClass = interfaces.eventClasses[name] else {
      throw DOMError.notSupported("The event interface '\(interface)' is not supported.")
    }
    let event = Event(type: "", timeStamp: milliseconds())
    event.initializedFlag = false
    let object = try jsClass.wrap(event, in: context)
    event.wrapper = object.heapReference
    return object
  }
}

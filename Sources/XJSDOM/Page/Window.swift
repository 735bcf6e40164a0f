import XJS

/// The page's global: an event target whose JavaScript face is the global object itself
/// (`window === globalThis`), with the document, `location` and the event-handler properties.
public final class Window: EventTarget {
  public let document: Document
  /// The page's URL, for `location`.
  public let url: String

  init(document: Document, url: String) {
    self.document = document
    self.url = url
  }
}

/// The event handlers the window (and `<body>`, which forwards them) has.
let windowEventHandlers = [
  "load", "error", "DOMContentLoaded", "unload", "beforeunload", "message", "hashchange", "popstate",
  "unhandledrejection", "rejectionhandled", "resize", "scroll", "focus", "blur", "online", "offline",
]

/// The handlers `<body>` and `<frameset>` set on the window (HTML § 8.1.8.2).
let windowReflectedHandlers: Set<String> = Set(windowEventHandlers).subtracting(["DOMContentLoaded"]).union([
  "blur", "error", "focus", "load", "resize", "scroll", "afterprint", "beforeprint", "languagechange",
  "messageerror", "pagehide", "pageshow", "storage",
])

let globalEventHandlerNames = Set(globalEventHandlers)

/// The event handlers every HTML element (and the document) has: `onclick` and the rest.
let globalEventHandlers = [
  "abort", "auxclick", "blur", "cancel", "change", "click", "close", "contextmenu", "dblclick", "drag",
  "dragend", "dragenter", "dragleave", "dragover", "dragstart", "drop", "error", "focus", "input", "invalid",
  "keydown", "keypress", "keyup", "load", "mousedown", "mouseenter", "mouseleave", "mousemove", "mouseout",
  "mouseover", "mouseup", "pointerdown", "pointerup", "pointermove", "reset", "resize", "scroll", "select",
  "submit", "toggle", "wheel", "animationend", "transitionend", "beforeinput", "slotchange",
]

extension DOMRealm {
  /// Makes this realm a page's: the window (the global object), `document`, `location`.
  public func installWindow(url: String) throws(JSError) {
    let window = Window(document: document, url: url)
    document.window = window
    document.url = url
    self.window = window
    let global = context.globalObject
    for name in ["window", "self", "parent", "top", "frames"] {
      try global.defineProperty(name, value: global, writable: false, enumerable: true, configurable: false)
    }
    try global.defineProperty("document", value: value(of: document as Node), writable: false, configurable: false)
    try defineGlobalFunction("addEventListener", 2) { realm, call in
      try realm.addEventListener(window, call)
      return realm.context.undefined
    }
    try defineGlobalFunction("removeEventListener", 2) { realm, call in
      try realm.removeEventListener(window, call)
      return realm.context.undefined
    }
    try defineGlobalFunction("dispatchEvent", 1) { realm, call in
      try realm.require(call, 1, "dispatchEvent", "Window")
      return realm.context.value(try realm.dispatchFromScript(call[0], to: window))
    }
    // A top-level page closing itself: the loop stops after the running task (HTML § 7.2.2.1).
    try defineGlobalFunction("close", 0) { realm, _ in
      realm.isClosed = true
      return realm.context.undefined
    }
    try global.defineProperty(
      "closed", enumerable: true,
      get: { [weak self] this in this.context.value(self?.isClosed ?? true) })
    try defineGlobalFunction("reportError", 1) { realm, call in
      realm.report(JSError(throwing: call[0]))
      return realm.context.undefined
    }
    for name in Set(windowEventHandlers + globalEventHandlers) {
      try defineHandlerProperty(on: global, name: name) { window }
    }
    let makeLocation = try context.evaluate(locationSource, sourceURL: "xjs:dom-prelude")
    try global.defineProperty("location", value: try makeLocation.call([url]), enumerable: true)
    try context.evaluate(
      "Object.defineProperty(globalThis, 'navigator', { value: { userAgent: 'xjs', language: 'en-US', languages: ['en-US'], onLine: true, cookieEnabled: false }, enumerable: true, configurable: true, writable: true })"
    )
    try installPerformance()
    // HTML's timers also take a string, compiled as a global script when the timer fires.
    try context.evaluate(
      """
      (() => {
        for (const name of ['setTimeout', 'setInterval']) {
          const native = globalThis[name];
          const wrapper = {
            [name](handler, timeout = 0, ...rest) {
              if (typeof handler !== 'function') {
                const code = String(handler);
                handler = () => (0, eval)(code);
              }
              return native(handler, timeout, ...rest);
            },
          }[name];
          Object.defineProperty(globalThis, name, { value: wrapper, writable: true, enumerable: true, configurable: true });
        }
      })()
      """, sourceURL: "xjs:dom-prelude")
    try defineGlobalFunction("getComputedStyle", 1) { realm, call in
      guard let element = realm.interfaces.element.instance(of: call[0]) else {
        throw realm.typeError("Failed to execute 'getComputedStyle' on 'Window': parameter 1 is not of type 'Element'.")
      }
      return try realm.style(of: element)
    }
  }

  /// `performance.now()` and `performance.timeOrigin` (HR Time): milliseconds since the realm
  /// began, the clock `event.timeStamp` uses.
  private func installPerformance() throws(JSError) {
    let performance = context.object()
    weak let realm = self
    try performance.defineProperty(
      "now", value: context.function("now") { call in call.context.value(realm?.milliseconds() ?? 0) }, enumerable: true
    )
    let now = try context.evaluate("Date.now()").toDouble()
    try performance.defineProperty("timeOrigin", value: now - milliseconds(), writable: false)
    try context.globalObject.defineProperty("performance", value: performance, enumerable: true)
  }

  private func defineGlobalFunction(
    _ name: String, _ length: Int, _ body: @escaping (DOMRealm, JSCall) throws -> JSValue
  )
    throws(JSError)
  {
    weak let realm = self
    let function = context.function(name, length: length) { call in
      guard let realm else { return call.context.undefined }
      return try realm.run { try body(realm, call) }
    }
    try context.globalObject.defineProperty(name, value: function, enumerable: false)
  }

  /// An `onname` accessor on `object` that sets `target()`'s event handler.
  func defineHandlerProperty(on object: JSValue, name: String, target: @escaping () -> EventTarget?) throws(JSError) {
    weak let realm = self
    try object.defineProperty(
      "on" + name, enumerable: true,
      get: { this in
        guard let realm, let target = target() else { return this.context.null }
        return realm.handlerValue(target, name)
      },
      set: { _, value in
        guard let realm, let target = target() else { return }
        realm.setHandler(target, name, value)
      })
  }

  func handlerValue(_ target: EventTarget, _ name: String) -> JSValue {
    if target.eventHandlers[name] == nil, let source = target.eventHandlerSources[name] {
      if let function = try? context.evaluate("(function on\(name)(event) {\n\(source)\n})") {
        target.eventHandlers[name] = function.heapReference
        target.eventHandlerSources[name] = nil
      }
    }
    return target.eventHandlers[name]?.value(in: context) ?? context.null
  }

  func setHandler(_ target: EventTarget, _ name: String, _ value: JSValue) {
    target.eventHandlerSources[name] = nil
    if value.isObject, let reference = value.heapReference {
      target.eventHandlers[name] = reference
      target.ensureHandlerListener(name)
    } else {
      target.eventHandlers[name] = nil
    }
  }
}

/// `location` for the page's URL (read-only parts; assigning does not navigate).
private let locationSource = #"""
  (function (href) {
    // (Spelled out rather than /i: a case-insensitive pattern builds the case tables, 2 ms of
    // every page's start-up.)
    const match = /^([a-zA-Z][a-zA-Z0-9+.-]*:)(?:\/\/([^/?#]*))?([^?#]*)(\?[^#]*)?(#.*)?$/.exec(href) || [];
    const protocol = (match[1] || '').toLowerCase(), host = match[2] || '', pathname = match[3] || '';
    const [hostname, port = ''] = host.split(':');
    const location = {
      href, protocol, host, hostname, port, pathname, search: match[4] || '', hash: match[5] || '',
      origin: protocol === 'file:' ? 'null' : protocol + '//' + host,
      toString() { return href; }, assign() {}, replace() {}, reload() {},
    };
    return Object.freeze(location);
  })
  """#

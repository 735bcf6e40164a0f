import XJS

extension DOMRealm {
  /// "Dispatch" `event` to `target` (DOM Standard §2.9, without shadow trees): the capture
  /// pass from the window down, the target, then the bubble pass. Returns false when a
  /// listener canceled it. A dispatch the host starts (no script running) performs a microtask
  /// checkpoint after each listener.
  /// With `legacyTargetOverride` (the window's `load`), listeners see the document as the
  /// target while the path is the window's.
  @discardableResult
  public func dispatch(_ event: Event, to target: EventTarget, legacyTargetOverride: Bool = false) -> Bool {
    let hostInitiated = depth == 0
    event.dispatchFlag = true
    event.target = legacyTargetOverride ? ((target as? Window)?.document ?? target) : target
    // 5. The event path: the target, then each "get the parent" in turn.
    var path: [EventTarget] = [target]
    var current = target.parentForEvent(event)
    while let next = current {
      path.append(next)
      current = next.parentForEvent(event)
    }
    event.path = path
    // 14. Capture: from the outermost down to the target.
    for item in path.reversed() {
      event.phase = item === target ? .atTarget : .capturing
      invoke(event, item, capturePhase: true, hostInitiated: hostInitiated)
    }
    // 15. Bubble: the target, then (for bubbling events) outward.
    for item in path {
      if item === target {
        event.phase = .atTarget
      } else {
        guard event.bubbles else { continue }
        event.phase = .bubbling
      }
      invoke(event, item, capturePhase: false, hostInitiated: hostInitiated)
    }
    // 16–23. Reset the dispatch state.
    event.phase = .none
    event.currentTarget = nil
    event.path = []
    event.dispatchFlag = false
    event.stopPropagationFlag = false
    event.stopImmediatePropagationFlag = false
    return !event.canceledFlag
  }

  /// "Invoke" and "inner invoke" for one target of the path.
  private func invoke(_ event: Event, _ target: EventTarget, capturePhase: Bool, hostInitiated: Bool) {
    if event.stopPropagationFlag { return }
    event.currentTarget = target
    // A clone: listeners added during the dispatch do not run now; removed ones are skipped.
    let listeners = target.listeners
    for listener in listeners where !listener.removed && listener.type == event.type {
      if capturePhase != listener.capture { continue }
      if listener.once { target.removeListener(listener) }
      if listener.passive { event.inPassiveListenerFlag = true }
      if let callback = listener.callback {
        call(callback, event: event, target: target)
      } else if let name = listener.handlerName {
        callHandler(name, event: event, target: target)
      }
      event.inPassiveListenerFlag = false
      if hostInitiated { performMicrotaskCheckpoint() }
      if event.stopImmediatePropagationFlag { return }
    }
  }

  /// Calls a listener: a function with `this` the current target, or an object's `handleEvent`.
  private func call(_ callback: JSHeapReference, event: Event, target: EventTarget) {
    let function = callback.value(in: context)
    let eventValue = event.wrapper?.value(in: context) ?? context.undefined
    do {
      if function.isFunction {
        _ = try function.call(this: value(of: target), [eventValue])
      } else {
        let handleEvent = try function["handleEvent"]
        guard handleEvent.isFunction else {
          throw JSError(name: "TypeError", message: "The listener's handleEvent is not a function")
        }
        _ = try handleEvent.call(this: function, [eventValue])
      }
    } catch let error as JSError {
      report(error)
    } catch {
      report(JSError(name: "Error", message: "\(error)"))
    }
  }

  /// Runs an event handler (`onclick`): compiled from its content attribute on first use; a
  /// false return value cancels the event (true, for `error` on the window).
  private func callHandler(_ name: String, event: Event, target: EventTarget) {
    do {
      if target.eventHandlers[name] == nil, let source = target.eventHandlerSources[name] {
        let parameters = name == "error" && target is Window ? "event, source, lineno, colno, error" : "event"
        let function = try context.evaluate("(function on\(name)(\(parameters)) {\n\(source)\n})")
        target.eventHandlers[name] = function.heapReference
        target.eventHandlerSources[name] = nil
      }
      guard let handler = target.eventHandlers[name]?.value(in: context), handler.isFunction else { return }
      let eventValue = event.wrapper?.value(in: context) ?? context.undefined
      let result: JSValue
      if name == "error", target is Window, event.fields["message"] != nil {
        result = try handler.call(
          this: value(of: target),
          [
            eventField(event, "message"), eventField(event, "filename"), eventField(event, "lineno"),
            eventField(event, "colno"), eventField(event, "error"),
          ])
        if result.boolValue == true { event.setCanceled() }
      } else {
        result = try handler.call(this: value(of: target), [eventValue])
        if result.boolValue == false { event.setCanceled() }
      }
    } catch let error as JSError {
      report(error)
    } catch {
      report(JSError(name: "Error", message: "\(error)"))
    }
  }

  /// "Report an exception": an `error` event at the window (unless that is where it came from),
  /// then stderr if no listener canceled it.
  public func report(_ error: JSError) {
    if error.kind == .terminated || error.kind == .destroyed {
      if isTerminated { return }
      isTerminated = true
      reportError(error)
      return
    }
    guard let window, !reportingError else {
      reportError(error)
      return
    }
    reportingError = true
    defer { reportingError = false }
    let event = makeEvent(type: "error", interface: "ErrorEvent", cancelable: true)
    event.fields["message"] = .string(error.name.isEmpty ? error.message : "Uncaught \(error.name): \(error.message)")
    let location = parseLocation(error.location)
    event.fields["filename"] = .string(location.file)
    event.fields["lineno"] = .number(Double(location.line))
    event.fields["colno"] = .number(Double(location.column))
    if let value = error.value, let reference = value.heapReference { event.values["error"] = reference }
    // The wrapper and the error value are held for the dispatch (the event keeps them unrooted).
    let roots = (event.wrapper?.value(in: context), error.value)
    let uncanceled = withExtendedLifetime(roots) { dispatch(event, to: window) }
    if uncanceled { reportError(error) }
  }

  /// "file:line:col" split (from the right: file names may hold colons).
  private func parseLocation(_ location: String?) -> (file: String, line: Int, column: Int) {
    guard let location else { return ("", 0, 0) }
    let parts = location.split(separator: ":", omittingEmptySubsequences: false)
    guard parts.count >= 3, let line = Int(parts[parts.count - 2]), let column = Int(parts[parts.count - 1]) else {
      return (location, 0, 0)
    }
    return (parts.dropLast(2).joined(separator: ":"), line, column)
  }

}

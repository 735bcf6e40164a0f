import XJS
import XJSHTML

/// A script's text as the host fetched it, and the name its errors carry (a path, a URL).
public struct PageScript: Sendable {
  public var source: String
  public var name: String

  public init(source: String, name: String) {
    self.source = source
    self.name = name
  }
}

/// Why an external script could not be fetched.
public struct PageFetchError: Error, Sendable, CustomStringConvertible {
  public var message: String
  public init(_ message: String) { self.message = message }
  public var description: String { message }
}

/// What loading a page needs from its host: the page's URL and name, and how a `src` is fetched.
/// The DOM knows nothing of files; the host resolves and reads.
public struct PageLoadRequest {
  /// The page's URL (`location.href`, `document.URL`).
  public var url: String
  /// The name errors in inline scripts carry (the page's path, as the user gave it).
  public var name: String
  /// Fetches a `<script src>` (the attribute's value as written).
  public var fetchScript: (String) -> Result<PageScript, PageFetchError>

  public init(url: String, name: String, fetchScript: @escaping (String) -> Result<PageScript, PageFetchError>) {
    self.url = url
    self.name = name
    self.fetchScript = fetchScript
  }
}

extension DOMRealm {
  /// Loads a page as a browser's content process does: the parser builds the realm's document
  /// and runs each classic script when it reaches its end tag (external ones fetched then), with
  /// a microtask checkpoint after each; then the deferred scripts and module scripts in order,
  /// `DOMContentLoaded`, and `load`. Errors are reported (`report(_:)`) and loading goes on.
  /// The timers the page armed run afterwards, in `runEventLoop()`.
  public func loadPage(_ markup: String, request: PageLoadRequest) throws(JSError) {
    if window == nil { try installWindow(url: request.url) }
    PageLoad(realm: self, request: request).run(markup)
  }

  /// Runs the page's tasks (timers, each followed by a microtask checkpoint) until none is left,
  /// the page calls `window.close()`, or a script is terminated (its time limit, an interrupt). An error in a task is reported
  /// and the loop goes on. Returns false when it stopped on a termination.
  @discardableResult
  public func runEventLoop() -> Bool {
    guard let virtualMachine else { return false }
    performMicrotaskCheckpoint()
    while !isTerminated && !isClosed {
      do {
        guard try virtualMachine.runNextTimer() else { break }
      } catch {
        report(error)
        continue
      }
      performMicrotaskCheckpoint()
    }
    return !isTerminated
  }

  /// A microtask checkpoint: runs queued promise jobs, going on past a job's exception (each is
  /// reported), then reports the promises left rejected with no handler.
  public func performMicrotaskCheckpoint() {
    guard let virtualMachine else { return }
    repeat {
      do {
        try virtualMachine.runPendingJobs()
      } catch {
        report(error)
        if isTerminated { return }
      }
    } while virtualMachine.hasPendingJobs
    for reason in context.takeUnhandledRejections() {
      reportUnhandledRejection(JSError(throwing: reason))
    }
  }
}

/// One page load: the parser's script hook, the list of scripts that wait for the parse.
private final class PageLoad {
  /// A script the parser found that runs after the parse (`defer`, `async`, modules).
  private enum WaitingScript {
    case classic(Element, PageScript)
    case module(url: String, source: String?)
  }

  unowned let realm: DOMRealm
  let request: PageLoadRequest
  private var waiting: [WaitingScript] = []
  private var inlineModuleCount = 0

  init(realm: DOMRealm, request: PageLoadRequest) {
    self.realm = realm
    self.request = request
  }

  func run(_ markup: String) {
    let document = realm.document!
    document.url = request.url
    document.loadState = "loading"
    let sink = DOMTreeSink(document: document)
    sink.scriptClosed = { [unowned self] script, position in
      if let element = script as? Element { self.parserReached(element, textStart: position) }
    }
    // The whole parse is one DOM call: every node it makes stays in the nursery until it ends,
    // also the nodes only the parser's stacks hold.
    realm.enter { parseHTMLDocument(markup, into: sink) }
    guard !realm.isTerminated else { return }
    // "The end": the document is interactive, the deferred scripts run, DOMContentLoaded.
    document.loadState = "interactive"
    for script in waiting {
      guard !realm.isTerminated else { return }
      switch script {
      case .classic(let element, let script): execute(script, for: element, textStart: nil)
      case .module(let url, let source): executeModule(url: url, source: source)
      }
    }
    realm.fire("DOMContentLoaded", at: document, bubbles: true)
    realm.performMicrotaskCheckpoint()
    guard !realm.isTerminated else { return }
    document.loadState = "complete"
    if let window = realm.window { realm.fire("load", at: window, legacyTargetOverride: true) }
    realm.performMicrotaskCheckpoint()
  }

  // MARK: Preparing a script (HTML § 4.12.1.1, for parser-inserted scripts)

  private func parserReached(_ element: Element, textStart: HTMLSourcePosition) {
    guard !realm.isTerminated, let kind = scriptKind(of: element) else { return }
    let src = element.attributeValue("src")
    switch kind {
    case .classic:
      // A classic script with `nomodule` is for engines without modules; this one has them.
      if element.attributeValue("nomodule") != nil { return }
      guard let src else {
        execute(PageScript(source: element.childTextContent, name: request.name), for: element, textStart: textStart)
        return
      }
      guard let script = fetch(src, for: element) else { return }
      if element.attributeValue("defer") != nil || element.attributeValue("async") != nil {
        // Async scripts run once fetched; here fetching is immediate, so after the parse, in order.
        waiting.append(.classic(element, script))
      } else {
        execute(script, for: element, textStart: nil)
      }
    case .module:
      if let src {
        guard let script = fetch(src, for: element) else { return }
        waiting.append(.module(url: script.name, source: script.source))
      } else {
        inlineModuleCount += 1
        let url = "\(request.name)?inline-module=\(inlineModuleCount)"
        waiting.append(.module(url: url, source: element.childTextContent))
      }
    }
  }

  private enum ScriptKind { case classic, module }

  /// Steps 7–9: the type attribute (or the legacy language attribute) picks the kind; other
  /// types are data blocks and do not run.
  private func scriptKind(of element: Element) -> ScriptKind? {
    let type = element.attributeValue("type")
    let language = element.attributeValue("language")
    let typeString: String
    if let type, !type.isEmpty {
      typeString = trimmingHTMLWhitespace(type)
    } else if type == nil, let language, !language.isEmpty {
      typeString = "text/" + language
    } else {
      return .classic
    }
    if isJavaScriptMIMEType(typeString) { return .classic }
    return asciiLowercase(typeString) == "module" ? .module : nil
  }

  /// Fetches a `src`; a failure fires `error` at the element and is reported.
  private func fetch(_ src: String, for element: Element) -> PageScript? {
    switch request.fetchScript(src) {
    case .success(let script): return script
    case .failure(let failure):
      realm.reportLoadFailure("Failed to load script '\(src)': \(failure.message)")
      realm.fire("error", at: element)
      return nil
    }
  }

  // MARK: Executing

  /// Runs a classic script with `document.currentScript` set, then a microtask checkpoint.
  /// An inline script's text is padded to its place in the page, so its errors give page lines
  /// and columns (the engine takes no line offset).
  private func execute(_ script: PageScript, for element: Element, textStart: HTMLSourcePosition?) {
    let document = realm.document!
    let previous = document.currentScript
    document.currentScript = element
    var source = script.source
    if let textStart {
      source =
        String(repeating: "\n", count: textStart.line - 1) + String(repeating: " ", count: textStart.column - 1)
        + source
    }
    do {
      try realm.context.evaluate(source, sourceURL: script.name)
    } catch {
      realm.report(error)
    }
    document.currentScript = previous
    realm.performMicrotaskCheckpoint()
    if element.attributeValue("src") != nil { realm.fire("load", at: element) }
  }

  private func executeModule(url: String, source: String?) {
    // A rejected evaluation promise is reported by the checkpoint, as an unhandled rejection.
    do {
      try realm.context.evaluateModule(url: url, source: source)
    } catch {
      realm.report(error)
    }
    realm.performMicrotaskCheckpoint()
  }
}

extension DOMRealm {
  /// Fires a trusted event the host makes (no script is running), its wrapper held for the
  /// whole dispatch.
  func fire(
    _ type: String, at target: EventTarget, bubbles: Bool = false, cancelable: Bool = false,
    legacyTargetOverride: Bool = false
  ) {
    let event = makeEvent(type: type, bubbles: bubbles, cancelable: cancelable)
    let wrapper = event.wrapper?.value(in: context)
    withExtendedLifetime(wrapper) { _ = dispatch(event, to: target, legacyTargetOverride: legacyTargetOverride) }
  }
}

/// "A JavaScript MIME type essence match" (MIME Sniffing § 4.6).
func isJavaScriptMIMEType(_ type: String) -> Bool {
  javaScriptMIMETypes.contains(asciiLowercase(type))
}

private let javaScriptMIMETypes: Set<String> = [
  "application/ecmascript", "application/javascript", "application/x-ecmascript", "application/x-javascript",
  "text/ecmascript", "text/javascript", "text/javascript1.0", "text/javascript1.1", "text/javascript1.2",
  "text/javascript1.3", "text/javascript1.4", "text/javascript1.5", "text/jscript", "text/livescript",
  "text/x-ecmascript", "text/x-javascript",
]

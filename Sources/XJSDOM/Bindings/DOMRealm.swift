import XJS
import XJSCSS

/// The DOM of one JavaScript context: its interface objects, its documents' wrappers, and the
/// nursery that keeps nodes alive between their birth and the moment script or a tree holds them.
///
/// The nursery's rule: a node born while DOM code runs (a binding called by script, a parse) is
/// kept until the outermost such call returns, when it is either in a tree, in script's hands
/// (its wrapper in a register or a variable) or garbage.
public final class DOMRealm {
  public let context: Context
  private(set) var interfaces: Interfaces!
  /// Nodes born since the outermost DOM call began.
  var nursery: [EventTarget] = []
  /// How many DOM calls (bindings, parses, dispatches) are under way.
  var depth = 0
  /// A host object the realm roots, whose trace keeps the nursery and the window's listeners.
  private var anchor: JSValue!
  private let anchorClass: JSClass<DOMRealmAnchor>
  private let anchorState = DOMRealmAnchor()
  /// The page's window, when the realm hosts one.
  public internal(set) var window: Window?
  /// The document `new Text()` and the like belong to (the window's, in a page).
  public internal(set) var document: Document!
  /// The virtual machine, for microtask checkpoints.
  weak var virtualMachine: VirtualMachine?
  /// What runs once every interface is installed (constants on constructors and prototypes).
  var afterInstall: [(Context) throws -> Void] = []
  /// While an `error` event is being dispatched (an error in its listener goes to stderr).
  var reportingError = false
  /// Parsed selector lists by their text.
  var selectorCache: [String: SelectorList] = [:]
  /// The zero of `event.timeStamp` and `performance.now()`.
  let timeOrigin = ContinuousClock.now
  /// Where errors thrown by scripts, listeners and timers are reported (besides the `error`
  /// event); also where a terminated script's error goes.
  public var reportError: (JSError) -> Void = { _ in }
  /// Where the reason of a promise left rejected with no handler after a checkpoint goes.
  public var reportUnhandledRejection: (JSError) -> Void = { _ in }
  /// Where a page's failures to fetch a resource go (`Failed to load script 'x.js': …`).
  public var reportLoadFailure: (String) -> Void = { _ in }
  /// The page called `window.close()`: its event loop runs no further task.
  public internal(set) var isClosed = false
  /// A script was terminated (its time limit, an interrupt): the page runs nothing more.
  public internal(set) var isTerminated = false

  public init(virtualMachine: VirtualMachine, context: Context) throws(JSError) {
    self.context = context
    self.virtualMachine = virtualMachine
    anchorClass = JSClass<DOMRealmAnchor>(
      "DOMRealmAnchor", trace: { anchor, tracer in anchor.realm?.traceRoots(tracer) })
    anchorState.realm = self
    anchor = try anchorClass.wrap(anchorState, in: context)
    interfaces = Interfaces(realm: self)
    try context.evaluate(domPrelude, sourceURL: "xjs:dom-prelude")
    do {
      try interfaces.install(on: context.globalObject)
      for step in afterInstall { try step(context) }
    } catch let error as JSError {
      throw error
    } catch {
      throw JSError(name: "Error", message: "\(error)")
    }
    try context.evaluate(domPreludeAfterInstall, sourceURL: "xjs:dom-prelude")
    document = born(Document(realm: self, isHTML: true, contentType: "text/html"))
    nursery.removeAll()
    documentRoot = try? value(of: document as Node)
  }

  /// The realm's document stays while the realm does.
  private var documentRoot: JSValue?

  private func traceRoots(_ tracer: JSTracer) {
    for node in nursery { node.wrapper.map(tracer.mark) }
    window?.trace(tracer)
  }

  // MARK: Births and wrappers

  /// Gives a new node its wrapper and keeps it in the nursery.
  func born<T: Node>(_ node: T) -> T {
    node.wrapper = (try? interfaces.makeWrapper(for: node))?.heapReference
    nursery.append(node)
    return node
  }

  /// A node made by `new Text()` and the like: its wrapper has the prototype `new.target` asked
  /// for (a subclass's).
  func born<T: Node>(_ node: T, jsClass: JSClass<T>, prototype: JSValue) throws -> JSValue {
    let object = try jsClass.wrap(node, prototype: prototype, in: context)
    node.wrapper = object.heapReference
    nursery.append(node)
    return object
  }

  /// Runs DOM code on script's behalf; the outermost call empties the nursery when it ends.
  func enter<T>(_ body: () throws -> T) rethrows -> T {
    depth += 1
    defer {
      depth -= 1
      if depth == 0 { nursery.removeAll(keepingCapacity: true) }
    }
    return try body()
  }

  /// The object script sees for a node (null for nil). Attr nodes get theirs on first use.
  func value(of node: Node?) -> JSValue {
    guard let node else { return context.null }
    if node.wrapper == nil, node is Attr {
      node.wrapper = (try? interfaces.makeWrapper(for: node))?.heapReference
    }
    return node.wrapper?.value(in: context) ?? context.null
  }

  func value(of target: EventTarget?) -> JSValue {
    guard let target else { return context.null }
    if let node = target as? Node { return value(of: node) }
    if target is Window { return context.globalObject }
    return target.wrapper?.value(in: context) ?? context.null
  }

  /// A `DOMException` for script.
  func exception(_ error: DOMError) -> JSError {
    guard let constructor = try? context["DOMException"],
      let object = try? constructor.construct(error.message, error.name)
    else { return JSError(name: "Error", message: error.description) }
    return JSError(throwing: object)
  }
}

/// The realm's rooted object (its trace is the realm's roots).
final class DOMRealmAnchor {
  weak var realm: DOMRealm?
}

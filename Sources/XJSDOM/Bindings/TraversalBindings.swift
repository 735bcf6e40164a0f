import XJS

/// A `NodeIterator` or a `TreeWalker` (DOM Standard §6): a root, what to show, a filter.
final class Traversal {
  let root: Node
  let whatToShow: UInt32
  let filter: JSHeapReference?
  /// NodeIterator: the reference node and whether the iterator sits before it.
  var reference: Node
  var pointerBeforeReference = true
  /// TreeWalker: the current node.
  var current: Node
  var isActive = false

  init(root: Node, whatToShow: UInt32, filter: JSHeapReference?) {
    self.root = root
    self.whatToShow = whatToShow
    self.filter = filter
    reference = root
    current = root
  }

  func trace(_ tracer: JSTracer) {
    for node in [root, reference, current] { node.wrapper.map(tracer.mark) }
    filter.map(tracer.mark)
  }
}

private let filterAccept = 1
private let filterReject = 2
private let filterSkip = 3

extension DOMRealm {
  func makeTraversal(_ call: JSCall, walker: Bool) throws -> JSValue {
    let root = try node(call[0], walker ? "createTreeWalker" : "createNodeIterator", "Document")
    let whatToShow = call.argumentCount > 1 && !call[1].isUndefined ? try unsignedLong(call[1]) : 0xFFFF_FFFF
    let filter = call.argumentCount > 2 ? call[2].heapReference : nil
    let traversal = Traversal(root: root, whatToShow: whatToShow, filter: filter)
    let jsClass = walker ? interfaces.treeWalker : interfaces.nodeIterator
    let object = try jsClass.wrap(traversal, in: context)
    if !walker { root.ownerDocument.iterators.append(WeakTraversal(traversal)) }
    return object
  }

  /// "Filter" a node: whatToShow first, then the callback (re-entry is an InvalidStateError).
  func filter(_ node: Node, _ traversal: Traversal) throws -> Int {
    if traversal.isActive { throw DOMError.invalidState("The filter is already running.") }
    let bit = UInt32(1) << UInt32(node.nodeType.rawValue - 1)
    if traversal.whatToShow & bit == 0 { return filterSkip }
    guard let filter = traversal.filter?.value(in: context) else { return filterAccept }
    traversal.isActive = true
    defer { traversal.isActive = false }
    let result: JSValue
    if filter.isFunction {
      result = try filter.call(this: context.undefined, [value(of: node)])
    } else {
      let acceptNode = try filter["acceptNode"]
      guard acceptNode.isFunction else { throw typeError("The filter's acceptNode is not a function.") }
      result = try acceptNode.call(this: filter, [value(of: node)])
    }
    return Int(try result.toInt32())
  }
}

/// Iterators the document must fix up when nodes are removed ("NodeIterator pre-removing steps").
final class WeakTraversal {
  weak var traversal: Traversal?
  init(_ traversal: Traversal) { self.traversal = traversal }
}

extension Document {
  /// The NodeIterator pre-removing steps for every live iterator of the document.
  func preRemove(_ removed: Node) {
    iterators.removeAll { $0.traversal == nil }
    for entry in iterators {
      guard let iterator = entry.traversal else { continue }
      // 1. If toBeRemoved is not an inclusive ancestor of the reference, or is the root, return.
      guard removed.isInclusiveAncestor(of: iterator.reference), removed !== iterator.root else { continue }
      if iterator.pointerBeforeReference {
        // 2. The first node following toBeRemoved's subtree, within the root, if any.
        if let next = removed.followingSkippingChildren(within: iterator.root) {
          iterator.reference = next
          continue
        }
        iterator.pointerBeforeReference = false
      }
      // 3. The node preceding toBeRemoved (its previous sibling's last inclusive descendant, or its parent).
      if var previous = removed.previousSibling {
        while let last = previous.lastChild { previous = last }
        iterator.reference = previous
      } else if let parent = removed.parent {
        iterator.reference = parent
      }
    }
  }
}

extension Interfaces {
  func installTraversalMembers(_ realm: DOMRealm) {
    for jsClass in [nodeIterator, treeWalker] {
      let members = Members(jsClass: jsClass, realm: realm)
      members.attribute("root") { traversal, realm in realm.value(of: traversal.root) }
      members.attribute("whatToShow") { traversal, realm in realm.context.value(Double(traversal.whatToShow)) }
      members.attribute("filter") { traversal, realm in traversal.filter?.value(in: realm.context) ?? realm.context.null
      }
    }
    let iterator = Members(jsClass: nodeIterator, realm: realm)
    iterator.attribute("referenceNode") { traversal, realm in realm.value(of: traversal.reference) }
    iterator.attribute("pointerBeforeReferenceNode") { traversal, realm in
      realm.context.value(traversal.pointerBeforeReference)
    }
    iterator.method("nextNode") { traversal, _, realm in realm.value(of: try realm.traverse(traversal, forward: true)) }
    iterator.method("previousNode") { traversal, _, realm in
      realm.value(of: try realm.traverse(traversal, forward: false))
    }
    iterator.method("detach") { _, _, realm in realm.context.undefined }

    let walker = Members(jsClass: treeWalker, realm: realm)
    walker.attribute(
      "currentNode", { traversal, realm in realm.value(of: traversal.current) },
      set: { traversal, value, realm in traversal.current = try realm.node(value, "currentNode", "TreeWalker") })
    walker.method("parentNode") { traversal, _, realm in
      var node: Node? = traversal.current
      while let current = node, current !== traversal.root {
        node = current.parent
        if let parent = node, try realm.filter(parent, traversal) == filterAccept {
          traversal.current = parent
          return realm.value(of: parent)
        }
      }
      return realm.context.null
    }
    walker.method("firstChild") { traversal, _, realm in
      realm.value(of: try realm.traverseChildren(traversal, first: true))
    }
    walker.method("lastChild") { traversal, _, realm in
      realm.value(of: try realm.traverseChildren(traversal, first: false))
    }
    walker.method("nextSibling") { traversal, _, realm in
      realm.value(of: try realm.traverseSiblings(traversal, next: true))
    }
    walker.method("previousSibling") { traversal, _, realm in
      realm.value(of: try realm.traverseSiblings(traversal, next: false))
    }
    walker.method("nextNode") { traversal, _, realm in realm.value(of: try realm.walkerNext(traversal)) }
    walker.method("previousNode") { traversal, _, realm in realm.value(of: try realm.walkerPrevious(traversal)) }
  }
}

extension DOMRealm {
  /// NodeIterator's "traverse".
  func traverse(_ iterator: Traversal, forward: Bool) throws -> Node? {
    var node = iterator.reference
    var beforeNode = iterator.pointerBeforeReference
    while true {
      if forward {
        if !beforeNode {
          guard let next = node.following(within: iterator.root) else { return nil }
          node = next
        } else {
          beforeNode = false
        }
      } else {
        if beforeNode {
          guard let previous = node.preceding(within: iterator.root) else { return nil }
          node = previous
        } else {
          beforeNode = true
        }
      }
      if try filter(node, iterator) == filterAccept { break }
    }
    iterator.reference = node
    iterator.pointerBeforeReference = beforeNode
    return node
  }

  /// TreeWalker's "traverse children".
  func traverseChildren(_ walker: Traversal, first: Bool) throws -> Node? {
    var node = first ? walker.current.firstChild : walker.current.lastChild
    while let current = node {
      let result = try filter(current, walker)
      if result == filterAccept {
        walker.current = current
        return current
      }
      if result == filterSkip, let child = first ? current.firstChild : current.lastChild {
        node = child
        continue
      }
      var sibling: Node? = current
      while let candidate = sibling {
        if let next = first ? candidate.nextSibling : candidate.previousSibling {
          node = next
          break
        }
        let parent = candidate.parent
        if parent == nil || parent === walker.root || parent === walker.current { return nil }
        sibling = parent
      }
      if sibling == nil { return nil }
    }
    return nil
  }

  /// TreeWalker's "traverse siblings".
  func traverseSiblings(_ walker: Traversal, next: Bool) throws -> Node? {
    var node = walker.current
    if node === walker.root { return nil }
    while true {
      var sibling = next ? node.nextSibling : node.previousSibling
      while let current = sibling {
        node = current
        let result = try filter(current, walker)
        if result == filterAccept {
          walker.current = current
          return current
        }
        sibling = next ? current.firstChild : current.lastChild
        if result == filterReject || sibling == nil { sibling = next ? current.nextSibling : current.previousSibling }
      }
      guard let parent = node.parent, parent !== walker.root else { return nil }
      node = parent
      if try filter(node, walker) == filterAccept { return nil }
    }
  }

  func walkerNext(_ walker: Traversal) throws -> Node? {
    var node = walker.current
    var result = filterAccept
    while true {
      while result != filterReject, let child = node.firstChild {
        node = child
        result = try filter(node, walker)
        if result == filterAccept {
          walker.current = node
          return node
        }
      }
      var temporary: Node? = node
      var sibling: Node?
      while let current = temporary {
        if current === walker.root { return nil }
        if let next = current.nextSibling {
          sibling = next
          break
        }
        temporary = current.parent
      }
      guard let next = sibling else { return nil }
      node = next
      result = try filter(node, walker)
      if result == filterAccept {
        walker.current = node
        return node
      }
    }
  }

  func walkerPrevious(_ walker: Traversal) throws -> Node? {
    var node = walker.current
    while node !== walker.root {
      var sibling = node.previousSibling
      while let current = sibling {
        node = current
        var result = try filter(node, walker)
        while result != filterReject, let last = node.lastChild {
          node = last
          result = try filter(node, walker)
        }
        if result == filterAccept {
          walker.current = node
          return node
        }
        sibling = node.previousSibling
      }
      guard let parent = node.parent, node !== walker.root else { return nil }
      node = parent
      if try filter(node, walker) == filterAccept {
        walker.current = node
        return node
      }
    }
    return nil
  }
}

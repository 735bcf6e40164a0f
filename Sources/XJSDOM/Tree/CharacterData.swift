/// Text, comments and processing instructions: nodes that hold a string of data.
public class CharacterData: Node {
  public internal(set) var data: String

  init(_ nodeType: NodeType, data: String, document: Document?) {
    self.data = data
    super.init(nodeType, document: document)
  }

  public override var nodeValue: String? { data }

  /// The length in UTF-16 code units, as script counts.
  public var length: Int { data.utf16.count }

  /// "Replace data": offsets and counts in UTF-16 code units.
  func replaceData(offset: Int, count: Int, with replacement: String) throws(DOMError) {
    let units = Array(data.utf16)
    guard offset <= units.count else { throw .indexSize("The offset \(offset) is larger than the data's length.") }
    let end = min(offset + count, units.count)
    let replaced = Array(units[..<offset]) + Array(replacement.utf16) + Array(units[end...])
    data = String(decoding: replaced, as: UTF16.self)
  }

  /// "Substring data".
  func substringData(offset: Int, count: Int) throws(DOMError) -> String {
    let units = Array(data.utf16)
    guard offset <= units.count else { throw .indexSize("The offset \(offset) is larger than the data's length.") }
    return String(decoding: units[offset..<min(offset + count, units.count)], as: UTF16.self)
  }
}

public final class Text: CharacterData {
  init(data: String, document: Document?) {
    super.init(.text, data: data, document: document)
  }

  public override var nodeName: String { "#text" }

  /// The data of this node and its contiguous Text siblings (`wholeText`).
  public var wholeText: String {
    var first: Node = self
    while let previous = first.previousSibling as? Text { first = previous }
    var text = ""
    var node: Node? = first
    while let current = node as? Text {
      text += current.data
      node = current.nextSibling
    }
    return text
  }
}

public final class Comment: CharacterData {
  init(data: String, document: Document?) {
    super.init(.comment, data: data, document: document)
  }

  public override var nodeName: String { "#comment" }
}

public final class ProcessingInstruction: CharacterData {
  public let target: String

  init(target: String, data: String, document: Document?) {
    self.target = target
    super.init(.processingInstruction, data: data, document: document)
  }

  public override var nodeName: String { target }
}

public final class DocumentType: Node {
  public let name: String
  public let publicId: String
  public let systemId: String

  init(name: String, publicId: String, systemId: String, document: Document?) {
    self.name = name
    self.publicId = publicId
    self.systemId = systemId
    super.init(.documentType, document: document)
  }

  public override var nodeName: String { name }
}

public final class DocumentFragment: Node {
  /// The template element whose contents this is (the fragment's "host").
  weak var templateHost: Element?

  init(document: Document?) {
    super.init(.documentFragment, document: document)
  }

  public override var nodeName: String { "#document-fragment" }
}

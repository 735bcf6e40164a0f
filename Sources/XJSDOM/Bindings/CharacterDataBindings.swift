import XJS

extension Interfaces {
  func installCharacterDataMembers(_ realm: DOMRealm) {
    let members = Members(jsClass: characterData, realm: realm)
    members.attribute(
      "data", { node, realm in realm.context.value(node.data) },
      set: { node, value, realm in node.data = try realm.stringTreatingNullAsEmpty(value) })
    members.attribute("length") { node, realm in realm.context.value(node.length) }
    members.method("substringData", 2) { node, call, realm in
      try realm.require(call, 2, "substringData", "CharacterData")
      let offset = Int(try realm.unsignedLong(call[0]))
      let count = Int(try realm.unsignedLong(call[1]))
      return realm.context.value(try node.substringData(offset: offset, count: count))
    }
    members.method("appendData", 1) { node, call, realm in
      try realm.require(call, 1, "appendData", "CharacterData")
      node.data += try realm.string(call[0])
      return realm.context.undefined
    }
    members.method("insertData", 2) { node, call, realm in
      try realm.require(call, 2, "insertData", "CharacterData")
      let offset = Int(try realm.unsignedLong(call[0]))
      try node.replaceData(offset: offset, count: 0, with: try realm.string(call[1]))
      return realm.context.undefined
    }
    members.method("deleteData", 2) { node, call, realm in
      try realm.require(call, 2, "deleteData", "CharacterData")
      let offset = Int(try realm.unsignedLong(call[0]))
      let count = Int(try realm.unsignedLong(call[1]))
      try node.replaceData(offset: offset, count: count, with: "")
      return realm.context.undefined
    }
    members.method("replaceData", 3) { node, call, realm in
      try realm.require(call, 3, "replaceData", "CharacterData")
      let offset = Int(try realm.unsignedLong(call[0]))
      let count = Int(try realm.unsignedLong(call[1]))
      try node.replaceData(offset: offset, count: count, with: try realm.string(call[2]))
      return realm.context.undefined
    }

    let textMembers = Members(jsClass: text, realm: realm)
    textMembers.attribute("wholeText") { text, realm in realm.context.value(text.wholeText) }
    textMembers.method("splitText", 1) { text, call, realm in
      try realm.require(call, 1, "splitText", "Text")
      return realm.value(of: try text.split(at: Int(try realm.unsignedLong(call[0]))))
    }
    text.constructor(makingObject: { [weak realm] call, prototype in
      guard let realm else { throw JSError(name: "TypeError", message: "Illegal constructor") }
      let data = call.argumentCount > 0 && !call[0].isUndefined ? try realm.string(call[0]) : ""
      return try realm.born(Text(data: data, document: realm.document), jsClass: self.text, prototype: prototype)
    })
    comment.constructor(makingObject: { [weak realm] call, prototype in
      guard let realm else { throw JSError(name: "TypeError", message: "Illegal constructor") }
      let data = call.argumentCount > 0 && !call[0].isUndefined ? try realm.string(call[0]) : ""
      return try realm.born(Comment(data: data, document: realm.document), jsClass: self.comment, prototype: prototype)
    })
    let instructionMembers = Members(jsClass: processingInstruction, realm: realm)
    instructionMembers.attribute("target") { instruction, realm in realm.context.value(instruction.target) }
  }
}

extension Text {
  /// "Split a Text node" at a UTF-16 offset.
  func split(at offset: Int) throws(DOMError) -> Text {
    guard offset <= length else { throw .indexSize("The offset \(offset) is larger than the Text node's length.") }
    let tail = try substringData(offset: offset, count: length - offset)
    let newNode = ownerDocument.createText(tail)
    if let parent { parent.insert(newNode, before: nextSibling) }
    try replaceData(offset: offset, count: length - offset, with: "")
    return newNode
  }
}

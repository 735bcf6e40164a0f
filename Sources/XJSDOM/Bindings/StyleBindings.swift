import XJS
import XJSCSS

/// `element.style`: a CSSStyleDeclaration over the element's `style` attribute (parsed when the
/// attribute changes, written back on every change; no cascade, no computed values).
final class StyleDeclaration {
  let element: Element
  private var parsedFrom: String?
  private var parsed = CSSDeclarationBlock()

  init(element: Element) {
    self.element = element
  }

  var block: CSSDeclarationBlock {
    let source = element.attributeValue("style") ?? ""
    if source != parsedFrom {
      parsed = CSSDeclarationBlock(parsing: source)
      parsedFrom = source
    }
    return parsed
  }

  func update(_ change: (inout CSSDeclarationBlock) -> Void) {
    var block = self.block
    change(&block)
    let text = block.cssText
    parsed = block
    parsedFrom = text
    element.setAttributeValue("style", text)
  }

  func trace(_ tracer: JSTracer) { element.wrapper.map(tracer.mark) }

  /// The CSS property a property name of the object stands for (`backgroundColor`,
  /// `background-color`), when it is one CSS knows or one the block holds.
  func cssProperty(for name: String) -> String? {
    let property = name.contains("-") ? name : CSSPropertyNames.cssProperty(forIDLAttribute: name)
    guard let property else { return nil }
    if knownCSSProperties.contains(property) || property.hasPrefix("-webkit-") { return property }
    return block.declarations.contains { $0.name == property } ? property : nil
  }

  static func hooks(_ realm: DOMRealm) -> JSPropertyHooks<StyleDeclaration> {
    weak let realm = realm
    return JSPropertyHooks(
      get: { style, name, context in
        guard let realm else { return nil }
        switch name {
        case .index(let index):
          let block = style.block
          return index < block.length ? context.value(block.item(index)) : nil
        case .name(let string):
          guard !(try realm.isOnPrototype(string, of: realm.interfaces.cssStyleDeclaration)),
            let property = style.cssProperty(for: string)
          else { return nil }
          return context.value(style.block.getPropertyValue(property))
        }
      },
      set: { style, name, value in
        guard let realm, case .name(let string) = name,
          !(try realm.isOnPrototype(string, of: realm.interfaces.cssStyleDeclaration)),
          let property = style.cssProperty(for: string)
        else { return nil }
        let text = try realm.stringTreatingNullAsEmpty(value)
        style.update { $0.setProperty(property, text) }
        return true
      },
      names: { style, _ in style.block.declarations.indices.map { JSPropertyName.index($0) } })
  }
}

extension DOMRealm {
  func style(of element: Element) throws -> JSValue {
    try cachedObject(of: element, "style") {
      try interfaces.cssStyleDeclaration.wrap(StyleDeclaration(element: element), in: context)
    }
  }
}

extension Interfaces {
  func installStyleMembers(_ realm: DOMRealm) {
    let members = Members(jsClass: cssStyleDeclaration, realm: realm)
    members.attribute(
      "cssText", { style, realm in realm.context.value(style.block.cssText) },
      set: { style, value, realm in
        let text = try realm.stringTreatingNullAsEmpty(value)
        style.update { $0 = CSSDeclarationBlock(parsing: text) }
      })
    members.attribute("length") { style, realm in realm.context.value(style.block.length) }
    members.method("item", 1) { style, call, realm in
      let index = Int(try realm.unsignedLong(call[0]))
      return realm.context.value(index < style.block.length ? style.block.item(index) : "")
    }
    members.method("getPropertyValue", 1) { style, call, realm in
      realm.context.value(style.block.getPropertyValue(try realm.string(call[0])))
    }
    members.method("getPropertyPriority", 1) { style, call, realm in
      realm.context.value(style.block.getPropertyPriority(try realm.string(call[0])))
    }
    members.method("setProperty", 2) { style, call, realm in
      let property = try realm.string(call[0])
      let value = try realm.stringTreatingNullAsEmpty(call[1])
      let priority = call.argumentCount > 2 && !call[2].isUndefined ? try realm.string(call[2]) : ""
      style.update { $0.setProperty(property, value, priority: priority) }
      return realm.context.undefined
    }
    members.method("removeProperty", 1) { style, call, realm in
      let property = try realm.string(call[0])
      var removed = ""
      style.update { removed = $0.removeProperty(property) }
      return realm.context.value(removed)
    }
    members.attribute("parentRule") { _, realm in realm.context.null }
    members.attribute(
      "cssFloat", { style, realm in realm.context.value(style.block.getPropertyValue("float")) },
      set: { style, value, realm in
        let text = try realm.string(value)
        style.update { $0.setProperty("float", text) }
      })
  }
}

/// The CSS properties `style.name` knows without the declaration being present.
let knownCSSProperties: Set<String> = Set(
  """
  align-content align-items align-self all animation animation-delay animation-direction animation-duration \
  animation-fill-mode animation-iteration-count animation-name animation-play-state animation-timing-function \
  appearance aspect-ratio backface-visibility background background-attachment background-clip background-color \
  background-image background-origin background-position background-repeat background-size border border-bottom \
  border-bottom-color border-bottom-left-radius border-bottom-right-radius border-bottom-style border-bottom-width \
  border-collapse border-color border-image border-left border-left-color border-left-style border-left-width \
  border-radius border-right border-right-color border-right-style border-right-width border-spacing border-style \
  border-top border-top-color border-top-left-radius border-top-right-radius border-top-style border-top-width \
  border-width bottom box-shadow box-sizing caption-side caret-color clear clip clip-path color column-count \
  column-gap columns content counter-increment counter-reset cursor direction display empty-cells filter flex \
  flex-basis flex-direction flex-flow flex-grow flex-shrink flex-wrap float font font-family font-size \
  font-style font-variant font-weight gap grid grid-area grid-column grid-row grid-template grid-template-areas \
  grid-template-columns grid-template-rows height inset justify-content justify-items justify-self left \
  letter-spacing line-height list-style list-style-image list-style-position list-style-type margin \
  margin-bottom margin-left margin-right margin-top max-height max-width min-height min-width mix-blend-mode \
  object-fit object-position opacity order outline outline-color outline-offset outline-style outline-width \
  overflow overflow-wrap overflow-x overflow-y padding padding-bottom padding-left padding-right padding-top \
  perspective place-items pointer-events position quotes resize right rotate row-gap scale scroll-behavior \
  table-layout text-align text-decoration text-indent text-overflow text-shadow text-transform top transform \
  transform-origin transition transition-delay transition-duration transition-property \
  transition-timing-function translate unicode-bidi user-select vertical-align visibility white-space width \
  will-change word-break word-spacing word-wrap writing-mode z-index
  """.split(separator: " ").map(String.init))

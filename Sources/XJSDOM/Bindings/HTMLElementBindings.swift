import XJS

/// How an IDL attribute reflects its content attribute.
private enum Reflection {
  case string(String)
  case boolean(String)
  case long(String, Int)
  /// An enumerated attribute: the value lowercased if it is one of the keywords, else the default.
  case enumerated(String, keywords: [String], missing: String, invalid: String)
}

/// The reflected attributes of each HTML interface (HTML §4, abridged to the common ones).
private let reflections: [String: [(String, Reflection)]] = [
  "HTMLElement": [
    ("title", .string("title")), ("lang", .string("lang")), ("accessKey", .string("accesskey")),
    ("hidden", .boolean("hidden")), ("inert", .boolean("inert")), ("autofocus", .boolean("autofocus")),
    ("dir", .enumerated("dir", keywords: ["ltr", "rtl", "auto"], missing: "", invalid: "")),
    ("tabIndex", .long("tabindex", -1)), ("nonce", .string("nonce")),
  ],
  "HTMLAnchorElement": [
    ("href", .string("href")), ("target", .string("target")), ("rel", .string("rel")),
    ("download", .string("download")), ("hreflang", .string("hreflang")), ("type", .string("type")),
    ("name", .string("name")), ("ping", .string("ping")), ("referrerPolicy", .string("referrerpolicy")),
  ],
  "HTMLAreaElement": [
    ("href", .string("href")), ("alt", .string("alt")), ("coords", .string("coords")),
    ("shape", .string("shape")), ("target", .string("target")), ("rel", .string("rel")),
  ],
  "HTMLBaseElement": [("href", .string("href")), ("target", .string("target"))],
  "HTMLButtonElement": [
    ("name", .string("name")), ("value", .string("value")), ("disabled", .boolean("disabled")),
    ("type", .enumerated("type", keywords: ["submit", "reset", "button"], missing: "submit", invalid: "submit")),
    ("formNoValidate", .boolean("formnovalidate")),
  ],
  "HTMLFormElement": [
    ("name", .string("name")), ("action", .string("action")), ("target", .string("target")),
    ("noValidate", .boolean("novalidate")), ("acceptCharset", .string("accept-charset")),
    ("method", .enumerated("method", keywords: ["get", "post", "dialog"], missing: "get", invalid: "get")),
    ("enctype", .string("enctype")), ("autocomplete", .string("autocomplete")), ("rel", .string("rel")),
  ],
  "HTMLImageElement": [
    ("src", .string("src")), ("alt", .string("alt")), ("srcset", .string("srcset")), ("sizes", .string("sizes")),
    ("useMap", .string("usemap")), ("isMap", .boolean("ismap")), ("width", .long("width", 0)),
    ("height", .long("height", 0)), ("crossOrigin", .string("crossorigin")), ("loading", .string("loading")),
  ],
  "HTMLInputElement": [
    ("name", .string("name")), ("defaultValue", .string("value")), ("defaultChecked", .boolean("checked")),
    ("disabled", .boolean("disabled")), ("readOnly", .boolean("readonly")), ("required", .boolean("required")),
    ("multiple", .boolean("multiple")), ("placeholder", .string("placeholder")), ("min", .string("min")),
    ("max", .string("max")), ("step", .string("step")), ("pattern", .string("pattern")),
    ("accept", .string("accept")), ("alt", .string("alt")), ("src", .string("src")),
    ("autocomplete", .string("autocomplete")), ("maxLength", .long("maxlength", -1)),
    ("minLength", .long("minlength", -1)), ("size", .long("size", 20)), ("formNoValidate", .boolean("formnovalidate")),
  ],
  "HTMLTextAreaElement": [
    ("name", .string("name")), ("disabled", .boolean("disabled")), ("readOnly", .boolean("readonly")),
    ("required", .boolean("required")), ("placeholder", .string("placeholder")), ("rows", .long("rows", 2)),
    ("cols", .long("cols", 20)), ("wrap", .string("wrap")), ("maxLength", .long("maxlength", -1)),
    ("minLength", .long("minlength", -1)),
  ],
  "HTMLSelectElement": [
    ("name", .string("name")), ("disabled", .boolean("disabled")), ("multiple", .boolean("multiple")),
    ("required", .boolean("required")), ("size", .long("size", 0)),
  ],
  "HTMLOptionElement": [("disabled", .boolean("disabled")), ("defaultSelected", .boolean("selected"))],
  "HTMLOptGroupElement": [("disabled", .boolean("disabled")), ("label", .string("label"))],
  "HTMLFieldSetElement": [("disabled", .boolean("disabled")), ("name", .string("name"))],
  "HTMLLabelElement": [("htmlFor", .string("for"))],
  "HTMLOutputElement": [("name", .string("name"))],
  "HTMLScriptElement": [
    ("src", .string("src")), ("type", .string("type")), ("async", .boolean("async")), ("defer", .boolean("defer")),
    ("noModule", .boolean("nomodule")), ("charset", .string("charset")), ("crossOrigin", .string("crossorigin")),
    ("integrity", .string("integrity")), ("referrerPolicy", .string("referrerpolicy")),
  ],
  "HTMLLinkElement": [
    ("href", .string("href")), ("rel", .string("rel")), ("media", .string("media")), ("hreflang", .string("hreflang")),
    ("type", .string("type")), ("as", .string("as")), ("crossOrigin", .string("crossorigin")),
    ("integrity", .string("integrity")), ("disabled", .boolean("disabled")),
  ],
  "HTMLMetaElement": [
    ("name", .string("name")), ("content", .string("content")),
    ("httpEquiv", .string("http-equiv")), ("media", .string("media")),
  ],
  "HTMLStyleElement": [("media", .string("media")), ("disabled", .boolean("disabled"))],
  "HTMLIFrameElement": [
    ("src", .string("src")), ("srcdoc", .string("srcdoc")), ("name", .string("name")),
    ("width", .string("width")), ("height", .string("height")), ("allow", .string("allow")),
  ],
  "HTMLEmbedElement": [
    ("src", .string("src")), ("type", .string("type")), ("width", .string("width")),
    ("height", .string("height")),
  ],
  "HTMLObjectElement": [
    ("data", .string("data")), ("type", .string("type")), ("name", .string("name")),
    ("width", .string("width")), ("height", .string("height")),
  ],
  "HTMLSourceElement": [
    ("src", .string("src")), ("type", .string("type")), ("srcset", .string("srcset")),
    ("sizes", .string("sizes")), ("media", .string("media")),
  ],
  "HTMLTrackElement": [
    ("src", .string("src")), ("kind", .string("kind")), ("srclang", .string("srclang")),
    ("label", .string("label")), ("default", .boolean("default")),
  ],
  "HTMLMediaElement": [
    ("src", .string("src")), ("autoplay", .boolean("autoplay")), ("loop", .boolean("loop")),
    ("controls", .boolean("controls")), ("muted", .boolean("muted")), ("preload", .string("preload")),
  ],
  "HTMLVideoElement": [("width", .long("width", 0)), ("height", .long("height", 0)), ("poster", .string("poster"))],
  "HTMLCanvasElement": [("width", .long("width", 300)), ("height", .long("height", 150))],
  "HTMLTableCellElement": [
    ("colSpan", .long("colspan", 1)), ("rowSpan", .long("rowspan", 1)),
    ("headers", .string("headers")), ("scope", .string("scope")), ("abbr", .string("abbr")),
  ],
  "HTMLTableColElement": [("span", .long("span", 1))],
  "HTMLLIElement": [("value", .long("value", 0))],
  "HTMLOListElement": [("start", .long("start", 1)), ("reversed", .boolean("reversed")), ("type", .string("type"))],
  "HTMLQuoteElement": [("cite", .string("cite"))],
  "HTMLModElement": [("cite", .string("cite")), ("dateTime", .string("datetime"))],
  "HTMLTimeElement": [("dateTime", .string("datetime"))],
  "HTMLDataElement": [("value", .string("value"))],
  "HTMLDetailsElement": [("open", .boolean("open")), ("name", .string("name"))],
  "HTMLDialogElement": [("open", .boolean("open"))],
  "HTMLProgressElement": [],
  "HTMLMeterElement": [],
  "HTMLSlotElement": [("name", .string("name"))],
  "HTMLMapElement": [("name", .string("name"))],
  "HTMLHtmlElement": [("version", .string("version"))],
  "HTMLHeadingElement": [("align", .string("align"))],
  "HTMLParagraphElement": [("align", .string("align"))],
  "HTMLDivElement": [("align", .string("align"))],
  "HTMLBodyElement": [
    ("text", .string("text")), ("link", .string("link")), ("bgColor", .string("bgcolor")),
    ("background", .string("background")),
  ],
  "HTMLFontElement": [("color", .string("color")), ("face", .string("face")), ("size", .string("size"))],
  "HTMLHRElement": [("align", .string("align")), ("color", .string("color")), ("noShade", .boolean("noshade"))],
  "HTMLPreElement": [("width", .long("width", 0))],
  "HTMLTableElement": [("border", .string("border")), ("summary", .string("summary")), ("width", .string("width"))],
]

extension Interfaces {
  func installHTMLElementMembers(_ realm: DOMRealm) {
    for (interface, attributes) in reflections {
      guard let jsClass = interface == "HTMLElement" ? htmlElement : htmlInterfaces[interface] else { continue }
      let members = Members(jsClass: jsClass, realm: realm)
      for (name, reflection) in attributes { install(reflection, as: name, on: members) }
    }
    let html = Members(jsClass: htmlElement, realm: realm)
    html.attribute("dataset") { element, realm in try realm.dataset(of: element) }
    for jsClass in [htmlElement, svgElement, mathmlElement] {
      let members = Members(jsClass: jsClass, realm: realm)
      members.attribute(
        "style", { element, realm in try realm.style(of: element) },
        set: { element, value, realm in element.setAttributeValue("style", try realm.string(value)) })
      for name in globalEventHandlers {
        members.attribute(
          "on" + name, { element, realm in realm.handlerValue(element, name) },
          set: { element, value, realm in realm.setHandler(element, name, value) })
      }
    }
    html.attribute(
      "innerText", { element, realm in realm.context.value(element.descendantTextContent) },
      set: { element, value, realm in element.replaceAllWithText(try realm.stringTreatingNullAsEmpty(value)) })
    html.attribute(
      "outerText", { element, realm in realm.context.value(element.descendantTextContent) },
      set: { element, value, realm in
        guard let parent = element.parent else {
          throw DOMError("NoModificationAllowedError", "The element has no parent.")
        }
        try parent.replaceChild(element, with: element.ownerDocument.createText(try realm.string(value)))
      })
    html.method("click") { element, _, realm in
      if element.formControlIsDisabled { return realm.context.undefined }
      let event = realm.makeEvent(type: "click", interface: "MouseEvent", bubbles: true, cancelable: true)
      event.composed = true
      event.isTrusted = false
      if realm.dispatch(event, to: element) { element.runActivationBehavior() }
      return realm.context.undefined
    }
    for name in ["focus", "blur"] {
      html.method(name) { _, _, realm in realm.context.undefined }
    }
    let body = Members(jsClass: htmlInterfaces["HTMLBodyElement"]!, realm: realm)
    for name in windowEventHandlers {
      body.attribute(
        "on" + name,
        { element, realm in element.ownerDocument.window.map { realm.handlerValue($0, name) } ?? realm.context.null },
        set: { element, value, realm in
          if let window = element.ownerDocument.window { realm.setHandler(window, name, value) }
        })
    }
    installFormMembers(realm)
    installTemplateAndTableMembers(realm)
  }

  private func install(_ reflection: Reflection, as name: String, on members: Members<Element>) {
    switch reflection {
    case .string(let attribute): members.reflect(name, attribute: attribute)
    case .boolean(let attribute): members.reflectBoolean(name, attribute: attribute)
    case .long(let attribute, let defaultValue): members.reflectLong(name, attribute: attribute, default: defaultValue)
    case .enumerated(let attribute, let keywords, let missing, let invalid):
      members.attribute(
        name,
        { element, realm in
          guard let value = element.attributeValue(attribute) else { return realm.context.value(missing) }
          let lowered = asciiLowercase(value)
          return realm.context.value(keywords.contains(lowered) ? lowered : invalid)
        }, set: { element, value, realm in element.setAttributeValue(attribute, try realm.string(value)) })
    }
  }

  private func installTemplateAndTableMembers(_ realm: DOMRealm) {
    let template = Members(jsClass: htmlInterfaces["HTMLTemplateElement"]!, realm: realm)
    template.attribute("content") { element, realm in realm.value(of: element.ensureTemplateContents()) }
    let anchor = Members(jsClass: htmlInterfaces["HTMLAnchorElement"]!, realm: realm)
    anchor.attribute("relList") { element, realm in try realm.tokenList(of: element, attribute: "rel") }
    anchor.attribute(
      "text", { element, realm in realm.context.value(element.descendantTextContent) },
      set: { element, value, realm in element.replaceAllWithText(try realm.string(value)) })
    let script = Members(jsClass: htmlInterfaces["HTMLScriptElement"]!, realm: realm)
    script.attribute(
      "text", { element, realm in realm.context.value(element.childTextContent) },
      set: { element, value, realm in element.replaceAllWithText(try realm.string(value)) })
    let title = Members(jsClass: htmlInterfaces["HTMLTitleElement"]!, realm: realm)
    title.attribute(
      "text", { element, realm in realm.context.value(element.childTextContent) },
      set: { element, value, realm in element.replaceAllWithText(try realm.string(value)) })

    let table = Members(jsClass: htmlInterfaces["HTMLTableElement"]!, realm: realm)
    table.attribute("rows") { element, realm in
      try realm.cachedObject(of: element, "rows") {
        try realm.htmlCollection(
          .descendants(element, { row in row.isHTML && row.localName == "tr" && row.owningTable === element }))
      }
    }
    table.attribute("tBodies") { element, realm in
      try realm.cachedObject(of: element, "tBodies") {
        try realm.htmlCollection(
          .descendants(element, { body in body.isHTML && body.localName == "tbody" && body.parent === element }))
      }
    }
    for (name, localName) in [("caption", "caption"), ("tHead", "thead"), ("tFoot", "tfoot")] {
      table.attribute(name) { element, realm in
        realm.value(of: element.elementChildren.first { $0.isHTML && $0.localName == localName })
      }
    }
    let row = Members(jsClass: htmlInterfaces["HTMLTableRowElement"]!, realm: realm)
    row.attribute("cells") { element, realm in
      try realm.cachedObject(of: element, "cells") {
        try realm.htmlCollection(
          .descendants(
            element,
            { cell in cell.isHTML && (cell.localName == "td" || cell.localName == "th") && cell.parent === element }))
      }
    }
    row.attribute("rowIndex") { element, realm in
      guard let table = element.owningTable else { return realm.context.value(-1) }
      var index = 0
      var found = -1
      table.forEachDescendant { node in
        guard found < 0, let candidate = node as? Element, candidate.isHTML, candidate.localName == "tr",
          candidate.owningTable === table
        else { return }
        if candidate === element { found = index }
        index += 1
      }
      return realm.context.value(found)
    }
    let cell = Members(jsClass: htmlInterfaces["HTMLTableCellElement"]!, realm: realm)
    cell.attribute("cellIndex") { element, realm in
      guard let parent = element.parentElement, parent.localName == "tr" else { return realm.context.value(-1) }
      let cells = parent.elementChildren.filter { $0.isHTML && ($0.localName == "td" || $0.localName == "th") }
      return realm.context.value(cells.firstIndex { $0 === element } ?? -1)
    }
  }
}

extension Element {
  /// The text of the element's Text children only (`script.text`, `title.text`).
  var childTextContent: String {
    var text = ""
    var child = firstChild
    while let node = child {
      if let data = node as? Text { text += data.data }
      child = node.nextSibling
    }
    return text
  }

  /// The table a row belongs to: its parent, or its section's parent.
  var owningTable: Element? {
    guard let parent = parentElement else { return nil }
    if parent.isHTML && parent.localName == "table" { return parent }
    if parent.isHTML && ["tbody", "thead", "tfoot"].contains(parent.localName), let table = parent.parentElement,
      table.isHTML && table.localName == "table"
    {
      return table
    }
    return nil
  }
}

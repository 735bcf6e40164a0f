/// Which interface an HTML element of each local name has (HTML §4's "DOM interface" lines).
let htmlElementInterfaces: [String: String] = {
  var table: [String: String] = [
    "a": "HTMLAnchorElement", "area": "HTMLAreaElement", "audio": "HTMLAudioElement", "base": "HTMLBaseElement",
    "blockquote": "HTMLQuoteElement", "q": "HTMLQuoteElement", "body": "HTMLBodyElement", "br": "HTMLBRElement",
    "button": "HTMLButtonElement", "canvas": "HTMLCanvasElement", "caption": "HTMLTableCaptionElement",
    "col": "HTMLTableColElement", "colgroup": "HTMLTableColElement", "data": "HTMLDataElement",
    "datalist": "HTMLDataListElement", "del": "HTMLModElement", "ins": "HTMLModElement",
    "details": "HTMLDetailsElement", "dialog": "HTMLDialogElement", "dir": "HTMLDirectoryElement",
    "div": "HTMLDivElement", "dl": "HTMLDListElement", "embed": "HTMLEmbedElement",
    "fieldset": "HTMLFieldSetElement", "font": "HTMLFontElement", "form": "HTMLFormElement",
    "frame": "HTMLFrameElement", "frameset": "HTMLFrameSetElement", "head": "HTMLHeadElement",
    "hr": "HTMLHRElement", "html": "HTMLHtmlElement", "iframe": "HTMLIFrameElement", "img": "HTMLImageElement",
    "input": "HTMLInputElement", "label": "HTMLLabelElement", "legend": "HTMLLegendElement", "li": "HTMLLIElement",
    "link": "HTMLLinkElement", "map": "HTMLMapElement", "marquee": "HTMLMarqueeElement", "menu": "HTMLMenuElement",
    "meta": "HTMLMetaElement", "meter": "HTMLMeterElement", "object": "HTMLObjectElement",
    "ol": "HTMLOListElement", "optgroup": "HTMLOptGroupElement", "option": "HTMLOptionElement",
    "output": "HTMLOutputElement", "p": "HTMLParagraphElement", "param": "HTMLParamElement",
    "picture": "HTMLPictureElement", "pre": "HTMLPreElement", "listing": "HTMLPreElement", "xmp": "HTMLPreElement",
    "progress": "HTMLProgressElement", "script": "HTMLScriptElement", "select": "HTMLSelectElement",
    "slot": "HTMLSlotElement", "source": "HTMLSourceElement", "span": "HTMLSpanElement",
    "style": "HTMLStyleElement", "table": "HTMLTableElement", "tbody": "HTMLTableSectionElement",
    "thead": "HTMLTableSectionElement", "tfoot": "HTMLTableSectionElement", "td": "HTMLTableCellElement",
    "th": "HTMLTableCellElement", "template": "HTMLTemplateElement", "textarea": "HTMLTextAreaElement",
    "time": "HTMLTimeElement", "title": "HTMLTitleElement", "tr": "HTMLTableRowElement",
    "track": "HTMLTrackElement", "ul": "HTMLUListElement", "video": "HTMLVideoElement",
  ]
  for heading in ["h1", "h2", "h3", "h4", "h5", "h6"] { table[heading] = "HTMLHeadingElement" }
  let plain = """
    address article aside b bdi bdo cite code dd dfn dt em figcaption figure footer header hgroup i kbd main \
    mark nav noscript rp rt ruby s samp search section small strong sub summary sup u var wbr acronym basefont \
    big center nobr noembed noframes plaintext rb rtc strike tt
    """
  for name in plain.split(separator: " ") { table[String(name)] = "HTMLElement" }
  return table
}()

/// The interfaces that extend another HTML element interface rather than HTMLElement.
let htmlInterfaceParents: [String: String] = [
  "HTMLAudioElement": "HTMLMediaElement", "HTMLVideoElement": "HTMLMediaElement",
]

/// "Valid custom element name", roughly: a lowercase ASCII letter first and a hyphen somewhere
/// (such elements are HTMLElement, not HTMLUnknownElement).
func isCustomElementName(_ name: String) -> Bool {
  guard let first = name.utf8.first, first >= 0x61 && first <= 0x7A, name.utf8.contains(0x2D) else { return false }
  let reserved: Set<String> = [
    "annotation-xml", "color-profile", "font-face", "font-face-src", "font-face-uri", "font-face-format",
    "font-face-name", "missing-glyph",
  ]
  return !reserved.contains(name) && !name.utf8.contains(where: { $0 >= 0x41 && $0 <= 0x5A })
}

/// The interface name of an HTML element with this local name.
func htmlInterfaceName(for localName: String) -> String {
  if let name = htmlElementInterfaces[localName] { return name }
  return isCustomElementName(localName) ? "HTMLElement" : "HTMLUnknownElement"
}

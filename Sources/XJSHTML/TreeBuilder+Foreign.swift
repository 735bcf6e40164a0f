/// The rules for parsing tokens in foreign content (SVG and MathML), and their adjustments.
extension TreeBuilder {

  func processForeignContent(_ token: Token) {
    switch token {
    case .characters(let text):
      let replaced = text.utf8.contains(0) ? text.replacingNULs() : text
      insertText(replaced)
      if !isAllWhitespace(text.filter { $0 != "\0" }) { framesetOK = false }
    case .comment(let data): insertComment(data)
    case .doctype: return
    case .startTag(let tag):
      let breaksOut =
        htmlNamesBreakoutTags.contains(tag.name)
        || (tag.name == "font"
          && tag.attributes.contains { ["color", "face", "size"].contains($0.localName) })
      if breaksOut {
        // Pop until a MathML text integration point, an HTML integration point or HTML.
        while let current = currentNode, current.namespace != .html, !isMathMLTextIntegrationPoint(current),
          !isHTMLIntegrationPoint(current)
        {
          openElements.removeLast()
        }
        process(token, in: mode)
        return
      }
      let namespace = adjustedCurrentNode!.namespace
      var adjusted = tag
      if namespace == .mathml {
        adjusted.attributes = adjusted.attributes.map { attribute in
          var copy = attribute
          if copy.localName == "definitionurl" { copy.localName = "definitionURL" }
          return copy
        }
      }
      _ = insertForeignElement(adjusted, namespace: namespace)
      if tag.selfClosing && tag.name == "script" && namespace == .svg {
        // The script ran as SVG script would; there is nothing to run here.
      }
    case .endTag(let tag):
      if tag.name == "br" || tag.name == "p" {
        while let current = currentNode, current.namespace != .html, !isMathMLTextIntegrationPoint(current),
          !isHTMLIntegrationPoint(current)
        {
          openElements.removeLast()
        }
        process(token, in: mode)
        return
      }
      // Walk down from the current node: a foreign element of that name closes.
      var index = openElements.count - 1
      while index > 0 {
        let node = openElements[index]
        if asciiLowercase(node.name) == tag.name {
          openElements.removeSubrange(index...)
          return
        }
        index -= 1
        if openElements[index].namespace == .html {
          process(token, in: mode)
          return
        }
      }
    case .endOfFile: process(token, in: mode)
    }
  }

  func adjustForeignAttributes(_ attributes: [HTMLAttribute], namespace: HTMLNamespace) -> [HTMLAttribute] {
    attributes.map { attribute in
      var copy = attribute
      if namespace == .svg, let adjusted = svgAttributeAdjustments[attribute.localName] { copy.localName = adjusted }
      if namespace == .mathml && attribute.localName == "definitionurl" { copy.localName = "definitionURL" }
      if let (prefix, localName, foreignNamespace) = foreignAttributeAdjustments[attribute.localName] {
        copy.prefix = prefix
        copy.localName = localName
        copy.namespace = foreignNamespace
      }
      return copy
    }
  }
}

extension String {
  func replacingNULs() -> String {
    var result = ""
    result.unicodeScalars.reserveCapacity(unicodeScalars.count)
    for scalar in unicodeScalars { result.unicodeScalars.append(scalar == "\0" ? "\u{FFFD}" : scalar) }
    return result
  }
}

/// SVG element names the parser gives their camelCase (HTML §13.2.6.5).
let svgTagNameAdjustments: [String: String] = {
  let names = """
    altGlyph altGlyphDef altGlyphItem animateColor animateMotion animateTransform clipPath feBlend feColorMatrix \
    feComponentTransfer feComposite feConvolveMatrix feDiffuseLighting feDisplacementMap feDistantLight \
    feDropShadow feFlood feFuncA feFuncB feFuncG feFuncR feGaussianBlur feImage feMerge feMergeNode \
    feMorphology feOffset fePointLight feSpecularLighting feSpotLight feTile feTurbulence foreignObject glyphRef \
    linearGradient radialGradient textPath
    """
  var table: [String: String] = [:]
  for name in names.split(separator: " ") { table[String(name).lowercased()] = String(name) }
  return table
}()

/// SVG attribute names given their camelCase.
let svgAttributeAdjustments: [String: String] = {
  let names = """
    attributeName attributeType baseFrequency baseProfile calcMode clipPathUnits diffuseConstant edgeMode \
    filterUnits glyphRef gradientTransform gradientUnits kernelMatrix kernelUnitLength keyPoints keySplines \
    keyTimes lengthAdjust limitingConeAngle markerHeight markerUnits markerWidth maskContentUnits maskUnits \
    numOctaves pathLength patternContentUnits patternTransform patternUnits pointsAtX pointsAtY pointsAtZ \
    preserveAlpha preserveAspectRatio primitiveUnits refX refY repeatCount repeatDur requiredExtensions \
    requiredFeatures specularConstant specularExponent spreadMethod startOffset stdDeviation stitchTiles \
    surfaceScale systemLanguage tableValues targetX targetY textLength viewBox viewTarget xChannelSelector \
    yChannelSelector zoomAndPan
    """
  var table: [String: String] = [:]
  for name in names.split(separator: " ") { table[String(name).lowercased()] = String(name) }
  return table
}()

/// Attributes in foreign elements that get a namespace and prefix.
let foreignAttributeAdjustments: [String: (String?, String, HTMLNamespace)] = [
  "xlink:actuate": ("xlink", "actuate", .xlink), "xlink:arcrole": ("xlink", "arcrole", .xlink),
  "xlink:href": ("xlink", "href", .xlink), "xlink:role": ("xlink", "role", .xlink),
  "xlink:show": ("xlink", "show", .xlink), "xlink:title": ("xlink", "title", .xlink),
  "xlink:type": ("xlink", "type", .xlink), "xml:lang": ("xml", "lang", .xml), "xml:space": ("xml", "space", .xml),
  "xmlns": (nil, "xmlns", .xmlns), "xmlns:xlink": ("xmlns", "xlink", .xmlns),
]

/// `breakoutTags`: a constant, built once (a computed Set would be rebuilt on every use).
let htmlNamesBreakoutTags: Set<String> = [
  "b", "big", "blockquote", "body", "br", "center", "code", "dd", "div", "dl", "dt", "em", "embed", "h1", "h2",
  "h3", "h4", "h5", "h6", "head", "hr", "i", "img", "li", "listing", "menu", "meta", "nobr", "ol", "p", "pre",
  "ruby", "s", "small", "span", "strong", "strike", "sub", "sup", "table", "tt", "u", "ul", "var",
]

// Mapping between CSSOM's IDL attribute names and CSS property names (CSSOM § 6.7.1): the
// camel-cased attributes (`backgroundColor`), the webkit-cased ones (`webkitTransform`) and
// `cssFloat`. Dashed attributes (`style["background-color"]`) are the property names themselves.

public enum CSSPropertyNames {
  /// The CSS property an IDL attribute of CSSStyleDeclaration names: `backgroundColor` →
  /// `background-color`, `cssFloat` → `float`, `webkitTransform` → `-webkit-transform`. Nil if
  /// the name cannot be a camel-cased attribute.
  public static func cssProperty(forIDLAttribute name: String) -> String? {
    if name == "cssFloat" { return "float" }
    // A camel-cased attribute is made by removing every "-", so it never contains one.
    guard !name.isEmpty, !name.utf8.contains(UInt8(ascii: "-")) else { return nil }
    // The webkit-cased attributes drop the leading "-" of `-webkit-…`: put it back.
    let isWebkitCased = name.utf8.starts(with: "webkit".utf8) && name.utf8.dropFirst(6).first?.isASCIIUppercase == true
    return idlAttributeToCSSProperty(name, dashPrefix: isWebkitCased)
  }

  /// The camel-cased IDL attribute for a property: `background-color` → `backgroundColor`,
  /// `float` → `cssFloat`, `-webkit-transform` → `webkitTransform`. A custom property has no
  /// attribute and is returned as it is.
  public static func idlAttribute(forCSSProperty name: String) -> String {
    if name == "float" { return "cssFloat" }
    if isCustomProperty(name) { return name }
    let isWebkitPrefixed = name.utf8.starts(with: "-webkit-".utf8)
    return cssPropertyToIDLAttribute(name, lowercaseFirst: isWebkitPrefixed)
  }

  /// "CSS property to IDL attribute": each "-" is dropped and the character after it
  /// uppercased; with the lowercase first flag, the first character (the "-" of `-webkit-`)
  /// is removed first.
  private static func cssPropertyToIDLAttribute(_ property: String, lowercaseFirst: Bool) -> String {
    var output: [UInt8] = []
    var uppercaseNext = false
    for byte in lowercaseFirst ? property.utf8.dropFirst() : property.utf8.dropFirst(0) {
      if byte == UInt8(ascii: "-") {
        uppercaseNext = true
      } else if uppercaseNext {
        output.append(byte.asciiUppercased)
        uppercaseNext = false
      } else {
        output.append(byte)
      }
    }
    return String(decoding: output, as: UTF8.self)
  }

  /// "IDL attribute to CSS property": each ASCII upper alpha becomes "-" and its lowercase;
  /// with the dash prefix flag, the result starts with "-".
  private static func idlAttributeToCSSProperty(_ attribute: String, dashPrefix: Bool) -> String {
    var output: [UInt8] = dashPrefix ? [UInt8(ascii: "-")] : []
    for byte in attribute.utf8 {
      if byte.isASCIIUppercase {
        output.append(UInt8(ascii: "-"))
        output.append(byte.asciiLowercased)
      } else {
        output.append(byte)
      }
    }
    return String(decoding: output, as: UTF8.self)
  }
}

extension UInt8 {
  var isASCIIUppercase: Bool { (0x41...0x5A).contains(self) }
  var asciiUppercased: UInt8 { (0x61...0x7A).contains(self) ? self - 0x20 : self }
}

// UNFINISHED bodies: mapping between CSSOM's IDL attribute names and CSS property names
// (CSSOM § 6.7.1).

public enum CSSPropertyNames {
  /// The CSS property an IDL attribute of CSSStyleDeclaration names: `backgroundColor` →
  /// `background-color`, `cssFloat` → `float`, `webkitTransform` → `-webkit-transform`. Nil if
  /// the name cannot be a camel-cased attribute.
  public static func cssProperty(forIDLAttribute name: String) -> String? { nil }

  /// The camel-cased IDL attribute for a property: `background-color` → `backgroundColor`,
  /// `float` → `cssFloat`, `-webkit-transform` → `webkitTransform`.
  public static func idlAttribute(forCSSProperty name: String) -> String { "" }
}

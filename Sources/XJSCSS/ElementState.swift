// The defaults of SelectorElement: tree shortcuts and element state as the attributes alone say
// it (HTML § 4.16.3 "Pseudo-classes"). A DOM with live form state overrides the state members.

extension SelectorElement {
  public var elementChildPosition: (fromStart: Int, fromEnd: Int)? { nil }

  public var lastElementChild: Self? {
    var child = firstElementChild
    while let next = child?.nextElementSibling { child = next }
    return child
  }

  public var id: String? { attributeValue(localName: "id", namespace: nil) }

  public func hasClass(_ name: String, caseInsensitive: Bool) -> Bool {
    guard let classes = attributeValue(localName: "class", namespace: nil) else { return false }
    return whitespaceSeparatedList(classes, contains: name, caseInsensitive: caseInsensitive)
  }

  public var isChecked: Bool {
    if isHTML("input") { return isCheckable && hasAttribute("checked") }
    if isHTML("option") { return hasAttribute("selected") }
    return false
  }

  // HTML § 4.16.3: ":default" matches checkable inputs and options that are checked or
  // selected by default (their content attributes), and a form's default button.
  public var isDefault: Bool {
    if isHTML("input") && isCheckable { return hasAttribute("checked") }
    if isHTML("option") { return hasAttribute("selected") }
    return isDefaultButton
  }

  /// A progress element with no value is indeterminate; a checkbox's indeterminate flag is IDL
  /// state only, so the default cannot see it.
  public var isIndeterminate: Bool { isHTML("progress") && !hasAttribute("value") }

  public var canBeDisabled: Bool {
    guard namespaceURI == htmlNamespaceURI else { return false }
    switch localName {
    case "button", "input", "select", "textarea", "optgroup", "option", "fieldset": return true
    default: return false
    }
  }

  // "actually disabled" (HTML § 4.10.18.5, § 4.10.10).
  public var isDisabled: Bool {
    guard canBeDisabled else { return false }
    if hasAttribute("disabled") { return true }
    switch localName {
    case "optgroup": return false
    case "option":
      guard let parent = parentElement else { return false }
      return parent.isHTML("optgroup") && parent.hasAttribute("disabled")
    default: return isInsideDisabledFieldset
    }
  }

  public var requiredness: Bool? {
    if isHTML("select") || isHTML("textarea") { return hasAttribute("required") }
    guard isHTML("input") else { return nil }
    // "required" does not apply to these types.
    switch inputType {
    case "hidden", "range", "color", "submit", "image", "reset", "button": return nil
    default: return hasAttribute("required")
    }
  }

  public var isReadWrite: Bool {
    if isHTML("input") {
      return readonlyApplies && !hasAttribute("readonly") && !isDisabled
    }
    if isHTML("textarea") { return !hasAttribute("readonly") && !isDisabled }
    return isEditable
  }

  public var isPlaceholderShown: Bool {
    guard hasAttribute("placeholder") else { return false }
    if isHTML("textarea") { return hasNoChildrenOrText }
    guard isHTML("input") else { return false }
    switch inputType {
    case "text", "search", "url", "tel", "email", "password", "number":
      return attributeValue(localName: "value", namespace: nil)?.isEmpty ?? true
    default: return false
    }
  }

  public var isDefined: Bool { true }

  public var isLink: Bool { (isHTML("a") || isHTML("area")) && hasAttribute("href") }
}

extension SelectorElement {
  func isHTML(_ name: String) -> Bool {
    namespaceURI == htmlNamespaceURI && localName == name
  }

  func hasAttribute(_ name: String) -> Bool {
    attributeValue(localName: name, namespace: nil) != nil
  }

  /// The type attribute's state keyword; a missing or unknown type is the Text state.
  var inputType: String {
    guard let type = attributeValue(localName: "type", namespace: nil) else { return "text" }
    let known = [
      "hidden", "text", "search", "tel", "url", "email", "password", "date", "month", "week", "time",
      "datetime-local", "number", "range", "color", "checkbox", "radio", "file", "submit", "image", "reset",
      "button",
    ]
    return known.first { asciiCaseInsensitiveEqual($0, type) } ?? "text"
  }

  /// A submit button: a button whose type is missing, invalid or "submit", or an input of type
  /// submit or image.
  var isSubmitButton: Bool {
    if isHTML("input") { return inputType == "submit" || inputType == "image" }
    guard isHTML("button") else { return false }
    guard let type = attributeValue(localName: "type", namespace: nil) else { return true }
    return !asciiCaseInsensitiveEqual(type, "reset") && !asciiCaseInsensitiveEqual(type, "button")
  }

  /// "A form element's default button is the first submit button in tree order whose form owner
  /// is that form element." The form owner is taken to be the nearest ancestor form (the `form`
  /// attribute is not consulted).
  var isDefaultButton: Bool {
    guard isSubmitButton else { return false }
    var ancestor = parentElement
    while let current = ancestor, !current.isHTML("form") { ancestor = current.parentElement }
    guard let form = ancestor else { return false }
    var candidate = form.firstElementChild
    while let current = candidate {
      if current.isSubmitButton { return current.isSame(as: self) }
      candidate = current.nextInTreeOrder(within: form)
    }
    return false
  }

  var isCheckable: Bool { inputType == "checkbox" || inputType == "radio" }

  var readonlyApplies: Bool {
    switch inputType {
    case "text", "search", "url", "tel", "email", "password", "date", "month", "week", "time", "datetime-local",
      "number":
      return true
    default: return false
    }
  }

  /// A descendant of a fieldset with a disabled attribute, not inside that fieldset's first
  /// legend child.
  var isInsideDisabledFieldset: Bool {
    var child = self
    while let ancestor = child.parentElement {
      if ancestor.isHTML("fieldset") && ancestor.hasAttribute("disabled") {
        guard child.isHTML("legend"), let firstLegend = ancestor.firstLegendChild, firstLegend.isSame(as: child)
        else { return true }
      }
      child = ancestor
    }
    return false
  }

  var firstLegendChild: Self? {
    var child = firstElementChild
    while let candidate = child, !candidate.isHTML("legend") { child = candidate.nextElementSibling }
    return child
  }

  /// contenteditable: the nearest element with the attribute decides; "false" stops editing.
  var isEditable: Bool {
    var element: Self? = self
    while let current = element {
      if current.namespaceURI == htmlNamespaceURI,
        let value = current.attributeValue(localName: "contenteditable", namespace: nil)
      {
        if value.isEmpty || asciiCaseInsensitiveEqual(value, "true")
          || asciiCaseInsensitiveEqual(value, "plaintext-only")
        {
          return true
        }
        if asciiCaseInsensitiveEqual(value, "false") { return false }
      }
      element = current.parentElement
    }
    return false
  }
}

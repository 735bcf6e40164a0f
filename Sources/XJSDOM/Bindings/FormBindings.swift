import XJS

/// Elements `form.elements` lists ("listed" form-associated elements, without `img`).
private let listedElements: Set<String> = ["button", "fieldset", "input", "object", "output", "select", "textarea"]

extension Element {
  func isHTML(_ name: String) -> Bool { isHTML && localName == name }

  var state: FormControlState {
    if let state = formState { return state }
    let state = FormControlState()
    formState = state
    return state
  }

  /// `input.type`: the attribute lowercased if it is a known type, else "text".
  var inputType: String {
    let known: Set<String> = [
      "hidden", "text", "search", "tel", "url", "email", "password", "date", "month", "week", "time",
      "datetime-local", "number", "range", "color", "checkbox", "radio", "file", "submit", "image", "reset", "button",
    ]
    let value = asciiLowercase(attributeValue("type") ?? "text")
    return known.contains(value) ? value : "text"
  }

  /// An input's value: the dirty value once set, else the `value` attribute ("on" for
  /// checkboxes and radios without one).
  var controlValue: String {
    if isHTML("textarea") { return state.dirtyValue ?? descendantTextContent }
    if isHTML("input") {
      if inputType == "checkbox" || inputType == "radio" { return attributeValue("value") ?? "on" }
      return state.dirtyValue ?? attributeValue("value") ?? ""
    }
    if isHTML("option") { return attributeValue("value") ?? optionText }
    if isHTML("select") { return selectOptions.first { $0.isSelected }?.controlValue ?? "" }
    return attributeValue("value") ?? ""
  }

  /// An option's text: its descendant text with whitespace stripped and collapsed.
  var optionText: String {
    descendantTextContent.split(whereSeparator: { $0.isASCII && isASCIIWhitespace($0.asciiValue!) })
      .joined(separator: " ")
  }

  var isChecked: Bool { state.checkedness ?? (attributeValue("checked") != nil) }

  /// An option's selectedness: set by script or the user, else its `selected` attribute; a
  /// single select with none selected shows its first option as selected.
  var isSelected: Bool {
    if let selected = state.selectedness { return selected }
    if attributeValue("selected") != nil { return true }
    guard let select = owningSelect, select.attributeValue("multiple") == nil else { return false }
    let options = select.selectOptions
    guard
      !options.contains(where: {
        $0.state.selectedness == true || ($0.state.selectedness == nil && $0.attributeValue("selected") != nil)
      })
    else { return false }
    return options.first === self
  }

  var owningSelect: Element? {
    guard let parent = parentElement else { return nil }
    if parent.isHTML("select") { return parent }
    if parent.isHTML("optgroup"), let select = parent.parentElement, select.isHTML("select") { return select }
    return nil
  }

  /// A select's options: option children and options in optgroup children.
  var selectOptions: [Element] {
    var options: [Element] = []
    for child in elementChildren {
      if child.isHTML("option") { options.append(child) }
      if child.isHTML("optgroup") { options += child.elementChildren.filter { $0.isHTML("option") } }
    }
    return options
  }

  /// The form an element belongs to: its `form` attribute's element, else its nearest form ancestor.
  var formOwner: Element? {
    if let id = attributeValue("form") {
      return ownerDocument.element(withID: id).flatMap { $0.isHTML("form") ? $0 : nil }
    }
    var node = parentElement
    while let current = node {
      if current.isHTML("form") { return current }
      node = current.parentElement
    }
    return parserForm
  }

  var formControlIsDisabled: Bool {
    guard isHTML, ["button", "input", "select", "textarea", "fieldset", "option", "optgroup"].contains(localName)
    else { return false }
    if attributeValue("disabled") != nil { return true }
    var node = parentElement
    while let current = node {
      if current.isHTML("fieldset") && current.attributeValue("disabled") != nil { return true }
      node = current.parentElement
    }
    return false
  }

  /// What a click does after its dispatch: checkboxes toggle, radios check, submit/reset buttons
  /// act on their form.
  func runActivationBehavior() {
    guard isHTML("input") else { return }
    switch inputType {
    case "checkbox": state.checkedness = !isChecked
    case "radio": setRadioChecked()
    default: break
    }
  }

  /// Checks a radio button and unchecks the others of its group (same name, same form).
  func setRadioChecked() {
    state.checkedness = true
    guard let name = attributeValue("name"), !name.isEmpty else { return }
    let form = formOwner
    let scope: Node = form ?? root
    scope.forEachDescendant { node in
      guard let other = node as? Element, other !== self, other.isHTML("input"), other.inputType == "radio",
        other.attributeValue("name") == name, other.formOwner === form
      else { return }
      other.state.checkedness = false
    }
  }

  /// The reset algorithm of a control.
  func resetControl() {
    formState = nil
  }
}

extension Interfaces {
  func installFormMembers(_ realm: DOMRealm) {
    let input = Members(jsClass: htmlInterfaces["HTMLInputElement"]!, realm: realm)
    input.attribute(
      "type", { element, realm in realm.context.value(element.inputType) },
      set: { element, value, realm in element.setAttributeValue("type", try realm.string(value)) })
    input.attribute(
      "value", { element, realm in realm.context.value(element.controlValue) },
      set: { element, value, realm in
        let text = try realm.stringTreatingNullAsEmpty(value)
        if element.inputType == "checkbox" || element.inputType == "radio" {
          element.setAttributeValue("value", text)
        } else {
          element.state.dirtyValue = text
        }
      })
    input.attribute(
      "checked", { element, realm in realm.context.value(element.isChecked) },
      set: { element, value, _ in
        if value.toBool() && element.inputType == "radio" {
          element.setRadioChecked()
        } else {
          element.state.checkedness = value.toBool()
        }
      })
    input.attribute(
      "indeterminate", { element, realm in realm.context.value(element.cachedFlags.contains("indeterminate")) },
      set: { element, value, _ in
        if value.toBool() {
          element.cachedFlags.insert("indeterminate")
        } else {
          element.cachedFlags.remove("indeterminate")
        }
      })

    let textarea = Members(jsClass: htmlInterfaces["HTMLTextAreaElement"]!, realm: realm)
    textarea.attribute("type") { _, realm in realm.context.value("textarea") }
    textarea.attribute(
      "value", { element, realm in realm.context.value(element.controlValue) },
      set: { element, value, realm in element.state.dirtyValue = try realm.stringTreatingNullAsEmpty(value) })
    textarea.attribute(
      "defaultValue", { element, realm in realm.context.value(element.childTextContent) },
      set: { element, value, realm in element.replaceAllWithText(try realm.string(value)) })
    textarea.attribute("textLength") { element, realm in realm.context.value(element.controlValue.utf16.count) }

    let option = Members(jsClass: htmlInterfaces["HTMLOptionElement"]!, realm: realm)
    option.attribute(
      "value", { element, realm in realm.context.value(element.controlValue) },
      set: { element, value, realm in element.setAttributeValue("value", try realm.string(value)) })
    option.attribute(
      "text", { element, realm in realm.context.value(element.optionText) },
      set: { element, value, realm in element.replaceAllWithText(try realm.string(value)) })
    option.attribute(
      "label", { element, realm in realm.context.value(element.attributeValue("label") ?? element.optionText) },
      set: { element, value, realm in element.setAttributeValue("label", try realm.string(value)) })
    option.attribute(
      "selected", { element, realm in realm.context.value(element.isSelected) },
      set: { element, value, _ in element.setSelected(value.toBool()) })
    option.attribute("index") { element, realm in
      realm.context.value(element.owningSelect?.selectOptions.firstIndex { $0 === element } ?? 0)
    }

    let select = Members(jsClass: htmlInterfaces["HTMLSelectElement"]!, realm: realm)
    select.attribute("type") { element, realm in
      realm.context.value(element.attributeValue("multiple") != nil ? "select-multiple" : "select-one")
    }
    select.attribute("options") { element, realm in
      try realm.cachedObject(of: element, "options") {
        try realm.htmlCollection(.descendants(element, { $0.isHTML("option") && $0.owningSelect === element }))
      }
    }
    select.attribute("selectedOptions") { element, realm in
      try realm.htmlCollection(
        .descendants(element, { $0.isHTML("option") && $0.owningSelect === element && $0.isSelected }))
    }
    select.attribute("length") { element, realm in realm.context.value(element.selectOptions.count) }
    select.attribute(
      "selectedIndex",
      { element, realm in realm.context.value(element.selectOptions.firstIndex { $0.isSelected } ?? -1) },
      set: { element, value, realm in
        let index = Int(try realm.long(value))
        let options = element.selectOptions
        for (position, option) in options.enumerated() { option.state.selectedness = position == index }
      })
    select.attribute(
      "value", { element, realm in realm.context.value(element.controlValue) },
      set: { element, value, realm in
        let wanted = try realm.string(value)
        var found = false
        for option in element.selectOptions {
          let matches = !found && option.controlValue == wanted
          option.state.selectedness = matches
          if matches { found = true }
        }
      })
    select.method("item", 1) { element, call, realm in
      let index = Int(try realm.unsignedLong(call[0]))
      let options = element.selectOptions
      return index < options.count ? realm.value(of: options[index]) : realm.context.null
    }
    select.method("add", 1) { element, call, realm in
      let option = try realm.node(call[0], "add", "HTMLSelectElement")
      let before = call.argumentCount > 1 ? realm.interfaces.node.instance(of: call[1]) : nil
      try element.preInsert(option, before: before?.parent === element ? before : nil)
      return realm.context.undefined
    }

    for interface in [
      "HTMLInputElement", "HTMLButtonElement", "HTMLSelectElement", "HTMLTextAreaElement",
      "HTMLOptionElement", "HTMLFieldSetElement", "HTMLOutputElement", "HTMLObjectElement", "HTMLLabelElement",
      "HTMLLegendElement",
    ] {
      Members(jsClass: htmlInterfaces[interface]!, realm: realm).attribute("form") { element, realm in
        if element.isHTML("option") { return realm.value(of: element.owningSelect?.formOwner) }
        return realm.value(of: element.formOwner)
      }
    }

    let form = Members(jsClass: htmlInterfaces["HTMLFormElement"]!, realm: realm)
    form.attribute("elements") { element, realm in
      try realm.cachedObject(of: element, "elements") {
        try realm.htmlCollection(
          .descendants(
            element.root,
            { control in
              control.isHTML && listedElements.contains(control.localName) && control.formOwner === element
                && !(control.isHTML("input") && control.inputType == "image")
            }))
      }
    }
    form.attribute("length") { element, realm in
      var count = 0
      element.root.forEachDescendant { node in
        if let control = node as? Element, control.isHTML, listedElements.contains(control.localName),
          control.formOwner === element, !(control.isHTML("input") && control.inputType == "image")
        {
          count += 1
        }
      }
      return realm.context.value(count)
    }
    form.method("reset") { element, _, realm in
      let event = realm.makeEvent(type: "reset", bubbles: true, cancelable: true)
      if realm.dispatch(event, to: element) {
        element.root.forEachDescendant { node in
          if let control = node as? Element,
            control.formOwner === element || control.owningSelect?.formOwner === element
          {
            control.resetControl()
          }
        }
      }
      return realm.context.undefined
    }
    for name in ["submit", "requestSubmit"] {
      form.method(name) { _, _, realm in realm.context.undefined }
    }
    form.method("checkValidity") { _, _, realm in realm.context.value(true) }
  }
}

extension Element {
  func setSelected(_ selected: Bool) {
    state.selectedness = selected
    if selected, let select = owningSelect, select.attributeValue("multiple") == nil {
      for option in select.selectOptions where option !== self { option.state.selectedness = false }
    }
  }
}

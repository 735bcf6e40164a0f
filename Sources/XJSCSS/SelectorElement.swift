// CSS for the DOM without layout: selectors parsed and matched over any tree that conforms to
// SelectorElement, and declaration blocks (the style attribute). See Selectors.swift.

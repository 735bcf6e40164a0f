/// A start or end tag as the tokenizer emits it: the name lowercased, attributes in source order
/// with later duplicates dropped (namespaces are applied later, by the tree builder).
struct TagToken {
  var name: String
  var attributes: [HTMLAttribute]
  var selfClosing: Bool

  init(name: String, attributes: [HTMLAttribute] = [], selfClosing: Bool = false) {
    self.name = name
    self.attributes = attributes
    self.selfClosing = selfClosing
  }

  func attribute(_ name: String) -> String? {
    attributes.first { $0.localName == name }?.value
  }
}

struct DoctypeToken {
  var name: String?
  var publicID: String?
  var systemID: String?
  var forceQuirks = false
}

/// What the tokenizer hands the tree builder. Character tokens come as runs: a run may mix
/// whitespace and other characters, and only runs from the data and CDATA states can hold U+0000.
enum Token {
  case characters(String)
  case startTag(TagToken)
  case endTag(TagToken)
  case comment(String)
  case doctype(DoctypeToken)
  case endOfFile
}

/// The tokenizer's parse errors, named as in the spec. Not reported yet; kept so the call sites
/// say which error the spec names.
enum HTMLParseError {
  case unexpectedNullCharacter, eofInTag, eofBeforeTagName, invalidFirstCharacterOfTagName
  case missingEndTagName, unexpectedQuestionMarkInsteadOfTagName, unexpectedEqualsSignBeforeAttributeName
  case unexpectedCharacterInAttributeName, missingAttributeValue, unexpectedCharacterInUnquotedAttributeValue
  case missingWhitespaceBetweenAttributes, unexpectedSolidusInTag, incorrectlyOpenedComment
  case abruptClosingOfEmptyComment, eofInComment, nestedComment, incorrectlyClosedComment
  case eofInDoctype, missingWhitespaceBeforeDoctypeName, missingDoctypeName, invalidCharacterSequenceAfterDoctypeName
  case missingWhitespaceAfterDoctypePublicKeyword, missingDoctypePublicIdentifier,
    missingQuoteBeforeDoctypePublicIdentifier
  case abruptDoctypePublicIdentifier, missingWhitespaceBetweenDoctypePublicAndSystemIdentifiers
  case missingWhitespaceAfterDoctypeSystemKeyword, missingDoctypeSystemIdentifier,
    missingQuoteBeforeDoctypeSystemIdentifier
  case abruptDoctypeSystemIdentifier, unexpectedCharacterAfterDoctypeSystemIdentifier, cdataInHtmlContent
  case eofInCdata, eofInScriptHtmlCommentLikeText, duplicateAttribute, endTagWithAttributes
  case endTagWithTrailingSolidus, missingSemicolonAfterCharacterReference, unknownNamedCharacterReference
  case absenceOfDigitsInNumericCharacterReference, nullCharacterReference, characterReferenceOutsideUnicodeRange
  case surrogateCharacterReference, noncharacterCharacterReference, controlCharacterReference
}

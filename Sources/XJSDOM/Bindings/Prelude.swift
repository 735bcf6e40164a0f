/// The parts of the DOM that are plainest in JavaScript itself: DOMException (an Error subclass
/// with the legacy codes), and iteration of the list interfaces through Array.prototype's own.
let domPrelude = #"""
  (() => {
    'use strict';
    const names = {
      IndexSizeError: 1, HierarchyRequestError: 3, WrongDocumentError: 4, InvalidCharacterError: 5,
      NoModificationAllowedError: 7, NotFoundError: 8, NotSupportedError: 9, InUseAttributeError: 10,
      InvalidStateError: 11, SyntaxError: 12, InvalidModificationError: 13, NamespaceError: 14,
      InvalidAccessError: 15, TypeMismatchError: 17, SecurityError: 18, NetworkError: 19, AbortError: 20,
      URLMismatchError: 21, QuotaExceededError: 22, TimeoutError: 23, InvalidNodeTypeError: 24,
      DataCloneError: 25,
    };
    const constants = [
      'INDEX_SIZE_ERR', 'DOMSTRING_SIZE_ERR', 'HIERARCHY_REQUEST_ERR', 'WRONG_DOCUMENT_ERR',
      'INVALID_CHARACTER_ERR', 'NO_DATA_ALLOWED_ERR', 'NO_MODIFICATION_ALLOWED_ERR', 'NOT_FOUND_ERR',
      'NOT_SUPPORTED_ERR', 'INUSE_ATTRIBUTE_ERR', 'INVALID_STATE_ERR', 'SYNTAX_ERR',
      'INVALID_MODIFICATION_ERR', 'NAMESPACE_ERR', 'INVALID_ACCESS_ERR', 'VALIDATION_ERR',
      'TYPE_MISMATCH_ERR', 'SECURITY_ERR', 'NETWORK_ERR', 'ABORT_ERR', 'URL_MISMATCH_ERR',
      'QUOTA_EXCEEDED_ERR', 'TIMEOUT_ERR', 'INVALID_NODE_TYPE_ERR', 'DATA_CLONE_ERR',
    ];
    class DOMException extends Error {
      #name;
      #message;
      constructor(message = '', name = 'Error') {
        super();
        delete this.message;
        this.#message = String(message);
        this.#name = String(name);
      }
      get name() { return this.#name; }
      get message() { return this.#message; }
      get code() { return Object.hasOwn(names, this.#name) ? names[this.#name] : 0; }
    }
    constants.forEach((constant, index) => {
      for (const target of [DOMException, DOMException.prototype]) {
        Object.defineProperty(target, constant, { value: index + 1, enumerable: true });
      }
    });
    Object.defineProperty(globalThis, 'DOMException', { value: DOMException, writable: true, configurable: true });
  })();
  """#

/// What needs the interfaces installed: list iteration.
let domPreludeAfterInstall = #"""
  (() => {
    'use strict';
    const arrayProto = Array.prototype;
    const define = (target, name, value) =>
      Object.defineProperty(target, name, { value, writable: true, configurable: true, enumerable: typeof name === 'string' });
    // NodeFilter is a callback interface: an object of constants, not a constructor (DOM § 6.3).
    const nodeFilter = {};
    const filterConstants = {
      FILTER_ACCEPT: 1, FILTER_REJECT: 2, FILTER_SKIP: 3, SHOW_ALL: 0xFFFFFFFF, SHOW_ELEMENT: 0x1,
      SHOW_ATTRIBUTE: 0x2, SHOW_TEXT: 0x4, SHOW_CDATA_SECTION: 0x8, SHOW_ENTITY_REFERENCE: 0x10, SHOW_ENTITY: 0x20,
      SHOW_PROCESSING_INSTRUCTION: 0x40, SHOW_COMMENT: 0x80, SHOW_DOCUMENT: 0x100, SHOW_DOCUMENT_TYPE: 0x200,
      SHOW_DOCUMENT_FRAGMENT: 0x400, SHOW_NOTATION: 0x800,
    };
    for (const [name, value] of Object.entries(filterConstants)) {
      Object.defineProperty(nodeFilter, name, { value, enumerable: true });
    }
    Object.defineProperty(globalThis, 'NodeFilter', { value: nodeFilter, writable: true, configurable: true });
    for (const list of [NodeList, DOMTokenList]) {
      define(list.prototype, 'forEach', arrayProto.forEach);
      define(list.prototype, 'entries', arrayProto.entries);
      define(list.prototype, 'keys', arrayProto.keys);
      define(list.prototype, 'values', arrayProto.values);
    }
    for (const list of [NodeList, DOMTokenList, HTMLCollection, NamedNodeMap]) {
      define(list.prototype, Symbol.iterator, arrayProto.values);
    }
  })();
  """#

/// Property keys the engine uses all the time, interned once per runtime.
struct CommonNames {
  let length, prototype, constructor, name, message, cause, stack, toString, valueOf, value, writable,
    enumerable, configurable, get, set, done, next, `return`, `throw`, callee, caller, arguments,
    lastIndex, index, input, groups, join, raw, __proto__, toJSON, then, errors, source, flags,
    global, unicode, sticky, hasIndices, ignoreCase, multiline, dotAll, unicodeSets, exec, indices,
    add, size, default_, undefinedName, nullName, trueName, falseName, object, function, string,
    number, boolean, symbol, bigint, anonymous, keys, values, entries: PropertyKey
  let emptyKey: PropertyKey
  /// Proxy handler trap names (ES2024 10.5).
  let getPrototypeOf, setPrototypeOf, isExtensible, preventExtensions, getOwnPropertyDescriptor,
    defineProperty, has, deleteProperty, ownKeys, apply, construct: PropertyKey

  init(_ runtime: Runtime) {
    func key(_ text: String) -> PropertyKey { runtime.propertyKey(text) }
    length = key("length")
    prototype = key("prototype")
    constructor = key("constructor")
    name = key("name")
    message = key("message")
    cause = key("cause")
    stack = key("stack")
    toString = key("toString")
    valueOf = key("valueOf")
    value = key("value")
    writable = key("writable")
    enumerable = key("enumerable")
    configurable = key("configurable")
    get = key("get")
    set = key("set")
    done = key("done")
    next = key("next")
    `return` = key("return")
    `throw` = key("throw")
    callee = key("callee")
    caller = key("caller")
    arguments = key("arguments")
    lastIndex = key("lastIndex")
    index = key("index")
    input = key("input")
    groups = key("groups")
    join = key("join")
    raw = key("raw")
    __proto__ = key("__proto__")
    toJSON = key("toJSON")
    then = key("then")
    errors = key("errors")
    source = key("source")
    flags = key("flags")
    global = key("global")
    unicode = key("unicode")
    sticky = key("sticky")
    hasIndices = key("hasIndices")
    ignoreCase = key("ignoreCase")
    multiline = key("multiline")
    dotAll = key("dotAll")
    unicodeSets = key("unicodeSets")
    exec = key("exec")
    indices = key("indices")
    add = key("add")
    size = key("size")
    default_ = key("default")
    undefinedName = key("undefined")
    nullName = key("null")
    trueName = key("true")
    falseName = key("false")
    object = key("object")
    function = key("function")
    string = key("string")
    number = key("number")
    boolean = key("boolean")
    symbol = key("symbol")
    bigint = key("bigint")
    anonymous = key("anonymous")
    keys = key("keys")
    values = key("values")
    entries = key("entries")
    emptyKey = key("")
    getPrototypeOf = key("getPrototypeOf")
    setPrototypeOf = key("setPrototypeOf")
    isExtensible = key("isExtensible")
    preventExtensions = key("preventExtensions")
    getOwnPropertyDescriptor = key("getOwnPropertyDescriptor")
    defineProperty = key("defineProperty")
    has = key("has")
    deleteProperty = key("deleteProperty")
    ownKeys = key("ownKeys")
    apply = key("apply")
    construct = key("construct")
  }

  func trace(_ heap: Heap) {
    for key in [
      length, prototype, constructor, name, message, cause, stack, toString, valueOf, value, writable,
      enumerable, configurable, get, set, done, next, `return`, `throw`, callee, caller, arguments,
      lastIndex, index, input, groups, join, raw, __proto__, toJSON, then, errors, source, flags,
      global, unicode, sticky, hasIndices, ignoreCase, multiline, dotAll, unicodeSets, exec, indices,
      add, size, default_, undefinedName, nullName, trueName, falseName, object, function, string,
      number, boolean, symbol, bigint, anonymous, keys, values, entries, emptyKey,
      getPrototypeOf, setPrototypeOf, isExtensible, preventExtensions, getOwnPropertyDescriptor,
      defineProperty, has, deleteProperty, ownKeys, apply, construct,
    ] {
      key.trace(heap)
    }
  }
}

/// The well-known symbols (shared by every realm of a runtime).
struct WellKnownSymbols {
  let iterator, asyncIterator, hasInstance, isConcatSpreadable, match, matchAll, replace, search,
    species, split, toPrimitive, toStringTag, unscopables: SymbolRef

  init(_ runtime: Runtime) {
    func make(_ name: String) -> SymbolRef {
      runtime.newSymbol(description: runtime.newString("Symbol." + name).value)
    }
    iterator = make("iterator")
    asyncIterator = make("asyncIterator")
    hasInstance = make("hasInstance")
    isConcatSpreadable = make("isConcatSpreadable")
    match = make("match")
    matchAll = make("matchAll")
    replace = make("replace")
    search = make("search")
    species = make("species")
    split = make("split")
    toPrimitive = make("toPrimitive")
    toStringTag = make("toStringTag")
    unscopables = make("unscopables")
  }

  var all: [(String, SymbolRef)] {
    [
      ("iterator", iterator), ("asyncIterator", asyncIterator), ("hasInstance", hasInstance),
      ("isConcatSpreadable", isConcatSpreadable), ("match", match), ("matchAll", matchAll),
      ("replace", replace), ("search", search), ("species", species), ("split", split),
      ("toPrimitive", toPrimitive), ("toStringTag", toStringTag), ("unscopables", unscopables),
    ]
  }

  func trace(_ heap: Heap) {
    for (_, symbol) in all { heap.mark(symbol.cell) }
  }
}

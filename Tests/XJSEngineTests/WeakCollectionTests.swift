// WeakMap/WeakSet entries are released when their keys die (ephemeron semantics):
// scripts create many keys, drop most of them, and the tables are inspected after a
// collection. The native stack is scanned conservatively, so a stray stale word may keep
// a handful of dead keys alive; the bounds below allow for that and nothing more.

import Testing

@testable import XJSEngine

private func run(_ runtime: Runtime, _ source: String) {
  let outcome = runtime.runScript(Array(source.utf16), name: "weak.js")
  if case .completed = outcome { return }
  Issue.record("script failed: \(outcome)")
}

private func global(_ runtime: Runtime, _ name: String) -> Value {
  (try? runtime.get(runtime.realm.globalObject, runtime.propertyKey(name))) ?? .undefined
}

private func tableCount(_ runtime: Runtime, _ name: String) -> Int {
  let value = global(runtime, name)
  guard value.isObject, let table = value.asObject.payloadObject(as: WeakTable.self) else { return -1 }
  return table.count
}

@Test func deadKeysLeaveWeakMapsAndWeakSets() {
  let runtime = Runtime()
  run(
    runtime,
    """
    var wm = new WeakMap(), ws = new WeakSet(), kept = [];
    for (var i = 0; i < 10000; i++) {
      var key = {};
      wm.set(key, { payload: i });
      ws.add(key);
      if (i % 100 === 0) kept.push(key);
    }
    key = null;
    """)
  #expect(tableCount(runtime, "wm") == 10000)
  #expect(tableCount(runtime, "ws") == 10000)
  runtime.collectGarbage()
  let mapCount = tableCount(runtime, "wm")
  let setCount = tableCount(runtime, "ws")
  #expect(mapCount >= 100 && mapCount <= 120, "WeakMap entries after collection: \(mapCount)")
  #expect(setCount >= 100 && setCount <= 120, "WeakSet entries after collection: \(setCount)")
  run(
    runtime,
    """
    var ok = kept.every(function (k, n) { return wm.get(k).payload === n * 100 && ws.has(k); });
    if (!ok) throw new Error("a live key lost its entry");
    """)
}

@Test func valuesReferringToTheirOwnKeysDoNotKeepThemAlive() {
  let runtime = Runtime()
  run(
    runtime,
    """
    var wm = new WeakMap();
    for (var i = 0; i < 5000; i++) { var key = {}; wm.set(key, { back: key, also: [key] }); }
    key = null;
    """)
  runtime.collectGarbage()
  let count = tableCount(runtime, "wm")
  #expect(count <= 20, "entries whose values point back at their keys: \(count)")
}

@Test func aLiveKeyKeepsItsValueAndTheChainBehindIt() {
  let runtime = Runtime()
  // Each value is the key of the next entry: only the head is held, so marking must iterate.
  run(
    runtime,
    """
    var wm = new WeakMap(), head = {}, current = head;
    for (var i = 0; i < 200; i++) { var next = {}; wm.set(current, next); current = next; }
    wm.set(current, "end");
    current = next = null;
    """)
  runtime.collectGarbage()
  runtime.collectGarbage()
  #expect(tableCount(runtime, "wm") >= 201)
  run(
    runtime,
    """
    var steps = 0, node = head;
    while (typeof node === "object") { node = wm.get(node); steps++; }
    if (node !== "end" || steps !== 201) throw new Error("chain broken after " + steps + " steps");
    head = null;
    """)
  runtime.collectGarbage()
  let count = tableCount(runtime, "wm")
  #expect(count <= 20, "entries after the head died: \(count)")
}

@Test func aDeadWeakMapDoesNotKeepItsValues() {
  let runtime = Runtime()
  run(
    runtime,
    """
    var key = {}, probe = new WeakSet();
    (function () {
      var wm = new WeakMap(), value = {};
      wm.set(key, value);
      probe.add(value);
    })();
    """)
  runtime.collectGarbage()
  // The map died, so its value is unreachable even though the key lives.
  #expect(tableCount(runtime, "probe") == 0)
}

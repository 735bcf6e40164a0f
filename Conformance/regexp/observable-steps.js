// The observable steps of RegExpExec and the Symbol methods: a user exec, the order of Gets/Sets, results read through Get.
// Lines 1-3 of the expectation are written from ES2024 22.2.6.8/22.2.6.11 by hand: @@match and @@replace read "flags"
// (node 20 still reads "global"/"unicode", as ES2021 did).
var log = [];
function tracked(execResults, flags) {
  var index = 0;
  var object = {
    get flags() { log.push("get flags"); return flags; },
    get lastIndex() { log.push("get lastIndex"); return this._lastIndex; },
    set lastIndex(v) { log.push("set lastIndex " + v); this._lastIndex = v; },
    get exec() {
      log.push("get exec");
      return function (s) { log.push("exec " + s); return index < execResults.length ? execResults[index++] : null; };
    },
  };
  object._lastIndex = 0;
  return object;
}
// @@match, not global: one RegExpExec, its result returned as is.
var result = { 0: "x", index: 0 };
print(RegExp.prototype[Symbol.match].call(tracked([result], ""), "abc") === result, log.join("; "));
log = [];
// @@match, global: results read with Get("0"), empty matches advance lastIndex.
var matches = RegExp.prototype[Symbol.match].call(tracked([{ 0: "a" }, { 0: "" }], "g"), "abc");
print(JSON.stringify(matches), log.join("; "));
log = [];
// @@replace: every exec first, then each result's length, 0, index, captures, groups.
function resultOf(values) {
  var target = {};
  ["length", "0", "1", "index", "groups"].forEach(function (key) {
    Object.defineProperty(target, key, { get: function () { log.push("result." + key); return values[key]; } });
  });
  return target;
}
var replaced = RegExp.prototype[Symbol.replace].call(
  tracked([resultOf({ length: 2, 0: "b", 1: "B", index: 1, groups: undefined })], "g"), "abc", "<$1>");
print(replaced, log.join("; "));
log = [];
// Position clamped, captures coerced with ToString, groups used for $<name>.
var odd = tracked([{ length: 3, 0: "zz", 1: 7, 2: undefined, index: -4, groups: { n: { toString: function () { return "N"; } } } }], "");
print(RegExp.prototype[Symbol.replace].call(odd, "abc", "[$1|$2|$<n>]"));
log = [];
// @@search: lastIndex saved, set to 0, restored.
var searched = tracked([{ index: 5 }], "");
searched._lastIndex = 3;
print(RegExp.prototype[Symbol.search].call(searched, "abc"), log.join("; "));
log = [];
// exec results must be objects or null.
var badExec = /a/;
badExec.exec = function () { return 1; };
try {
  badExec.test("a");
} catch (e) {
  print(e.name);
}
badExec.exec = 5;  // not callable: the builtin exec runs
print(badExec.test("a"), /a/[Symbol.match].call(badExec, "ba").index);
// A user exec on a real RegExp is called by test, match, replace, split (through species), matchAll.
var calls = [];
var custom = /b/g;
custom.exec = function (s) { calls.push(this.lastIndex); return RegExp.prototype.exec.call(this, s); };
print(custom.test("abcb"), "abcb".replace(custom, "X"), calls.join());
// Split constructs the splitter through the species constructor with "y" added.
var speciesLog = [];
var speciesRe = /-/g;
speciesRe.constructor = function () {};
speciesRe.constructor[Symbol.species] = function (source, flags) { speciesLog.push(String(source) + " " + flags); return new RegExp(source, flags); };
print("a-b".split(speciesRe).join(), speciesLog.join());
// Replacing through RegExp.prototype.exec changed globally.
var originalExec = RegExp.prototype.exec;
RegExp.prototype.exec = function (s) { return null; };
print("abc".replace(/b/, "x"), /b/.test("abc"), "abc".search(/c/), JSON.stringify("a,b".split(/,/)));
RegExp.prototype.exec = originalExec;
print("abc".replace(/b/, "x"));

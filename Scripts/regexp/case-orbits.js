#!/usr/bin/env node
// Derives V8's case-insensitive equivalence classes ("orbits") for /i (non-unicode, code
// units) and /ui (simple case folding, code points), for checking XJSRegExp's CaseFolding.
//
//   node case-orbits.js > /tmp/orbits.jsonl
//   XJS_REGEXP_ORBITS=/tmp/orbits.jsonl swift test ... --filter caseOrbitsMatchNode
//
// Candidates: code points linked by toLowerCase/toUpperCase (single code point results), by
// NFC/NFD (single code point) or by equal multi-character uppercase, grouped into connected components; each component is then
// split by what V8's matcher actually does. Output: one JSON line per nontrivial orbit,
// {"mode": "u" | "nonu", "orbit": [code points, ascending]}.
'use strict';

const limit = 0x1ffff;
const parent = new Map();
function find(x) {
  while (parent.has(x) && parent.get(x) !== x) x = parent.get(x);
  return x;
}
function link(a, b) {
  if (a === b) return;
  if (!parent.has(a)) parent.set(a, a);
  if (!parent.has(b)) parent.set(b, b);
  const ra = find(a), rb = find(b);
  if (ra !== rb) parent.set(ra, rb);
}
function single(s) {
  const cps = Array.from(s);
  return cps.length === 1 ? cps[0].codePointAt(0) : null;
}
for (let c = 0; c <= limit; c++) {
  if (c >= 0xd800 && c <= 0xdfff) continue;
  const s = String.fromCodePoint(c);
  for (const t of [s.toLowerCase(), s.toUpperCase(), s.normalize('NFC'), s.normalize('NFD')]) {
    const d = single(t);
    if (d !== null && d !== c) link(c, d);
  }
}
// Characters with the same multi-character uppercase (ﬅ and ﬆ both give "ST") may fold
// together too.
const byUppercase = new Map();
for (let c = 0; c <= limit; c++) {
  if (c >= 0xd800 && c <= 0xdfff) continue;
  const upper = String.fromCodePoint(c).toUpperCase();
  if (Array.from(upper).length < 2) continue;
  if (byUppercase.has(upper)) link(byUppercase.get(upper), c); else byUppercase.set(upper, c);
}
const components = new Map();
for (const c of parent.keys()) {
  const r = find(c);
  if (!components.has(r)) components.set(r, []);
  components.get(r).push(c);
}

function escape(c, unicode) {
  return unicode ? `\\u{${c.toString(16)}}` : `\\u${c.toString(16).padStart(4, '0')}`;
}
const out = [];
for (const members of components.values()) {
  members.sort((a, b) => a - b);
  for (const [mode, unicode] of [['u', true], ['nonu', false]]) {
    const usable = unicode ? members : members.filter((c) => c <= 0xffff);
    const assigned = new Set();
    for (const x of usable) {
      if (assigned.has(x)) continue;
      const re = new RegExp('^' + escape(x, unicode) + '$', unicode ? 'ui' : 'i');
      const orbit = usable.filter((y) => re.test(String.fromCodePoint(y)));
      orbit.forEach((y) => assigned.add(y));
      if (orbit.length > 1) out.push(JSON.stringify({ mode, orbit }));
    }
  }
}
console.log(out.join('\n'));

#!/usr/bin/env node
// Extracts the code points test262's generated property-escape tests expect each \p{…} to
// match, for checking XJSRegExp's property sets.
//
//   node test262-properties.js /work/ext/test262 > /tmp/properties.jsonl
//   XJS_REGEXP_PROPERTIES=/tmp/properties.jsonl swift test ... --filter propertySetsMatchTest262
//
// Output: one JSON line per test file: [file, ["\\p{…}", …], [[lo, hi], …]].
'use strict';
const fs = require('fs');
const path = require('path');

const root = process.argv[2] || '/work/ext/test262';
const dir = path.join(root, 'test/built-ins/RegExp/property-escapes/generated');
for (const file of fs.readdirSync(dir).sort()) {
  if (!file.endsWith('.js')) continue;
  const text = fs.readFileSync(path.join(dir, file), 'utf8');
  const block = /const matchSymbols = buildString\(\{([\s\S]*?)\}\);/.exec(text);
  if (!block) continue;
  const lone = /loneCodePoints: \[([\s\S]*?)\]/.exec(block[1]);
  const rangeText = /ranges: \[([\s\S]*)\]/.exec(block[1]);
  const ranges = [];
  for (const m of (lone ? lone[1] : '').matchAll(/0x([0-9A-F]+)/gi)) {
    const c = parseInt(m[1], 16);
    ranges.push([c, c]);
  }
  for (const m of (rangeText ? rangeText[1] : '').matchAll(/\[0x([0-9A-F]+), 0x([0-9A-F]+)\]/gi)) {
    ranges.push([parseInt(m[1], 16), parseInt(m[2], 16)]);
  }
  // testPropertyEscapes(/^\p{…}+$/u, matchSymbols, …): the escapes expected to match.
  const escapes = [];
  for (const m of text.matchAll(/testPropertyEscapes\(\s*\/\^(\\p\{[^}]*\})\+\$\/u,\s*matchSymbols/g)) {
    escapes.push(m[1]);
  }
  console.log(JSON.stringify([file, escapes, ranges]));
}

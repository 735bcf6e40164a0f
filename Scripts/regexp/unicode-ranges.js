// Shared by the generators of Sources/XJSRegExp's Unicode tables: the code point ranges node's
// ICU gives a `\p{…}` property, and their compact encoding.
'use strict';

// Every code point except surrogates, in one string; surrogates are tested one by one.
const codePoints = [];
for (let c = 0; c <= 0x10FFFF; c++) if (c < 0xD800 || c > 0xDFFF) codePoints.push(c);
const unitToCodePoint = new Int32Array(codePoints.length * 2);
let text = '';
{
  const parts = [];
  let unit = 0;
  for (const c of codePoints) {
    unitToCodePoint[unit] = c;
    unit += c > 0xFFFF ? 2 : 1;
    parts.push(String.fromCodePoint(c));
  }
  text = parts.join('');
}

/** The sorted, merged [lo, hi] ranges of `\p{property=name}` (or `\p{name}` when property is null). */
function rangesOf(property, name) {
  const escape = property === null ? `\\p{${name}}` : `\\p{${property}=${name}}`;
  const single = new RegExp(`^${escape}$`, 'u');
  const runs = new RegExp(`${escape}+`, 'gu');
  const found = [];
  for (let c = 0xD800; c <= 0xDFFF; c++) {
    if (single.test(String.fromCharCode(c))) found.push([c, c]);
  }
  for (const m of text.matchAll(runs)) {
    const lo = unitToCodePoint[m.index];
    // The text has no lone surrogates: a trailing low surrogate ends a pair.
    const last = m[0].charCodeAt(m[0].length - 1);
    const hi = last >= 0xDC00 && last <= 0xDFFF ? m[0].codePointAt(m[0].length - 2) : last;
    if (lo < 0xD800 && hi > 0xDFFF) found.push([lo, 0xD7FF], [0xE000, hi]);  // spans the gap
    else found.push([lo, hi]);
  }
  found.sort((a, b) => a[0] - b[0]);
  const ranges = [];
  for (const [lo, hi] of found) {
    const previous = ranges[ranges.length - 1];
    if (previous && previous[1] + 1 >= lo) previous[1] = Math.max(previous[1], hi);
    else ranges.push([lo, hi]);
  }
  return ranges;
}

// Ranges as base-36 "gap.length" pairs (gap from the previous range's end), space-separated.
function encode(ranges) {
  let previous = -1;
  return ranges.map(([lo, hi]) => {
    const encoded = `${(lo - previous - 1).toString(36)}.${(hi - lo).toString(36)}`;
    previous = hi;
    return encoded;
  }).join(' ');
}

module.exports = { rangesOf, encode };

// Generates Tests/XJSEngineTests/Support/NumericsTables.swift: expected values for the
// number, URI and date algorithms in Sources/XJSEngine/Support, all computed by node
// (V8), which is the reference the tests hold xjs to.
//
// Usage: node Scripts/gen-numerics-tables.js > Tests/XJSEngineTests/Support/NumericsTables.swift
// The tables are deterministic (fixed seeds); date tables are made in UTC.
'use strict';
process.env.TZ = 'UTC';
if (new Date(2022, 6, 1).getTimezoneOffset() !== 0) throw new Error('could not switch node to UTC');

let seed = 20240601;
function rnd() {  // mulberry32
  seed = (seed + 0x6D2B79F5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const ri = (n) => Math.floor(rnd() * n);
const pick = (a) => a[ri(a.length)];
const view = new DataView(new ArrayBuffer(8));
const bits = (x) => { view.setFloat64(0, x); return view.getBigUint64(0).toString(16).padStart(16, '0'); };
const fromBits = (b) => { view.setBigUint64(0, b); return view.getFloat64(0); };
// Text as itself behind a quote when it is printable ASCII without tabs, else as hex UTF-16 units.
const units = (s) => (/^[\x20-\x7e]*$/.test(s) && !s.endsWith(' ') ? "'" + s : Array.from({ length: s.length }, (_, i) => s.charCodeAt(i).toString(16)).join(','));
const numberOrNaN = (v) => (Number.isNaN(v) ? 'NaN' : bits(v));

function randomDouble() {
  const r = rnd();
  if (r < 0.4) { let x; do { view.setUint32(0, ri(2 ** 32)); view.setUint32(4, ri(2 ** 32)); x = view.getFloat64(0); } while (!isFinite(x)); return x; }
  if (r < 0.6) return ri(1e6) / 10 ** ri(10);
  if (r < 0.7) return (rnd() - 0.5) * 10 ** (ri(40) - 20);
  if (r < 0.8) return ri(2 ** 53) * (rnd() < 0.5 ? 1 : -1) * 2 ** (ri(80) - 20);
  if (r < 0.9) return ri(100000) - 50000;
  return Number((rnd() * 1000).toFixed(ri(6)));
}

const specials = [0, -0, NaN, Infinity, -Infinity, 5e-324, -5e-324, 1e-323, Number.MAX_VALUE, 2 ** -1022,
  2 ** -1022 - 2 ** -1074, 2 ** 53, 2 ** 53 + 2, 2 ** 60, 1e21, 1e21 - 65536, 1e-6, 1e-7, 1.5e-7, 0.1, 0.2, 0.3, 1 / 3,
  123.456, 1.005, 1.45, 8.345, 0.5, 1.5, 2.5, -1.5, 1e100, 2 ** 50 + 0.25, 2 ** 50 + 0.75, 1e-304, 9.5, 99.5, 999.5,
  4.35, 0.000001, 123e-20, 1e23, 9007199254740993, 4294967295, 4294967296, -2147483648];
for (let e = -1074; e <= 1023; e += 37) specials.push(2 ** e, fromBits(BigInt('0x' + bits(2 ** e)) + 1n));

const sections = [];
function section(name, comment, rows) {
  // Indented as swift format leaves it; the closing delimiter's indentation is stripped.
  sections.push(`  /// ${comment}\n  static let ${name} = #"""\n${rows.map((r) => '    ' + r).join('\n')}\n    """#`);
}

// Number::toString, radix, toFixed, toExponential, toPrecision: hexbits \t arg \t expected
const doubles = specials.concat(Array.from({ length: 3000 }, randomDouble));
section('toStringTable', 'Number::toString: bits \\t expected.', doubles.map((x) => `${bits(x)}\t${String(x)}`));
section('radixTable', 'Number.prototype.toString(radix): bits \\t radix \\t expected.',
  doubles.slice(0, 900).map((x) => { const r = 2 + ri(35); return `${bits(x)}\t${r}\t${x.toString(r)}`; }));
const digitArgs = (max) => (rnd() < 0.5 ? ri(max + 1) : ri(21));
section('toFixedTable', 'Number.prototype.toFixed: bits \\t fractionDigits \\t expected.',
  doubles.slice(0, 1500).map((x) => { const f = digitArgs(100); return `${bits(x)}\t${f}\t${x.toFixed(f)}`; }));
section('toExponentialTable', 'Number.prototype.toExponential: bits \\t fractionDigits (-1: undefined) \\t expected.',
  doubles.slice(0, 1500).map((x) => { const f = rnd() < 0.3 ? -1 : digitArgs(100); return `${bits(x)}\t${f}\t${f < 0 ? x.toExponential() : x.toExponential(f)}`; }));
section('toPrecisionTable', 'Number.prototype.toPrecision: bits \\t precision \\t expected.',
  doubles.slice(0, 1500).map((x) => { const p = 1 + digitArgs(99); return `${bits(x)}\t${p}\t${x.toPrecision(p)}`; }));

// StringToNumber, parseFloat, parseInt (text is 'ascii or hex UTF-16 units)
const ws = ['\t', '\n', '\v', '\f', '\r', ' ', '\u00a0', '\u1680', '\u2000', '\u200a', '\u2028', '\u2029', '\u202f', '\u205f', '\u3000', '\ufeff', '\u180e', '\u200b', '\u0085'];
const pieces = ['0', '1', '9', '.', 'e', 'E', '+', '-', 'x', 'X', 'o', 'b', 'B', 'a', 'f', 'z', 'Infinity', 'infinity', 'NaN', '_', '00', '0x', '0b', '0o', ' ', '1e', '.5'];
const digits = (n, alphabet = '0123456789') => Array.from({ length: n }, () => alphabet[ri(alphabet.length)]).join('');
function numericText() {
  const r = rnd();
  const x = randomDouble();
  if (r < 0.15) return String(x);
  if (r < 0.25) return x.toExponential(ri(25));
  if (r < 0.35) return digits(1 + ri(30)) + (rnd() < 0.5 ? '.' + digits(ri(30)) : '') + (rnd() < 0.5 ? 'e' + pick(['', '+', '-']) + ri(400) : '');
  if (r < 0.4) return digits(20 + ri(120));
  if (r < 0.45) return '0.' + '0'.repeat(ri(340)) + digits(1 + ri(30));
  if (r < 0.5) return pick(['0x', '0X']) + digits(1 + ri(100), '0123456789abcdefABCDEF');
  if (r < 0.55) return pick(['0b', '0o']) + digits(1 + ri(100), '01');
  if (r < 0.65) return digits(1 + ri(20), '0123456789abcdefghijklmnopqrstuvwxyz');
  return String(ri(1e9));
}
function decorate(s) {
  const r = rnd();
  if (r < 0.3) return s;
  if (r < 0.5) return pick(ws) + s + pick(ws);
  if (r < 0.6) return pick(['+', '-']) + s;
  if (r < 0.75) { const i = ri(s.length + 1); return s.slice(0, i) + pick(pieces) + s.slice(i); }
  if (r < 0.85) return s + pick(pieces);
  return Array.from({ length: 1 + ri(6) }, () => pick(pieces)).join('');
}
const fixedStrings = ['', ' ', '0', '-0', '+0', '00', '0.', '.0', '.', '+', '-', 'e5', '1e', '1e+', '1.e5', '.5e1', '-.5',
  'Infinity', '+Infinity', '-Infinity', 'infinity', 'Infinityx', ' Infinity ', '0x', '0x1', '-0x1', '+0x1', '0X1F', '0b101',
  '0B2', '0o17', '0o8', '1_000', '1,000', '1e1000', '-1e1000', '1e-1000', '\u00a0\u20281\ufeff', '\u180e1', '\u200b1',
  '9007199254740993', '9007199254740995', '0x20000000000001', '0x20000000000003', '0x20000000000001000000000001',
  '123abc', '2.2250738585072011e-308', '2.4703282292062327e-324', '2.4703282292062328e-324', '1.7976931348623158e308',
  '1.7976931348623159e308', '0x1p3', 'NaN', '--1', ' 12 34 ', '\u0661\u0662', '\uff11\uff12',
  '0xDC16a83E8b1A733AbeFB8bEf3EE927ADFd3DF720'];
const strings = fixedStrings.concat(Array.from({ length: 1500 }, () => decorate(numericText())));
const radixes = [0, 2, 3, 4, 5, 7, 8, 10, 11, 16, 20, 32, 36, 1, 37, -1];
section('numberParsingTable', 'text \\t StringToNumber \\t parseFloat \\t radix \\t parseInt, results as bits or NaN.',
  strings.map((s) => { const r = pick(radixes); return `${units(s)}\t${numberOrNaN(Number(s))}\t${numberOrNaN(parseFloat(s))}\t${r}\t${numberOrNaN(parseInt(s, r))}`; }));

// URI functions: kind \t units \t "ok" or "URIError" \t result units
const uriChunks = ['a', 'Z', '0', ' ', ';', '/', '?', ':', '@', '&', '=', '+', '$', ',', '#', '-', '_', '.', '!', '~', '*',
  "'", '(', ')', '%', '"', '\u00e9', '\u0100', '\u20ac', '\ud83d\ude00', '\ud800', '\udc00', '\uffff', '\u0000', '%41',
  '%2F', '%23', '%e2%82%ac', '%f0%9f%98%80', '%C0%80', '%ed%a0%80', '%f4%90%80%80', '%80', '%e2%82', '%zz', '%4',
  '%u0041', '%u20AC', '%ff'];
const uriFunctions = { encodeURI, encodeURIComponent, decodeURI, decodeURIComponent, escape, unescape };
const uriRows = [];
for (let i = 0; i < 400; i++) {
  const s = Array.from({ length: ri(7) }, () => pick(uriChunks)).join('');
  const results = Object.values(uriFunctions).map((f) => {
    try { return units(f(s)); } catch (e) { if (!(e instanceof URIError)) throw e; return 'URIError'; }
  });
  uriRows.push(`${units(s)}\t${results.join('\t')}`);
}
section('uriTable', 'text, then for encodeURI, encodeURIComponent, decodeURI, decodeURIComponent, escape, unescape: \\t result units or URIError.', uriRows);

// Dates (UTC): formatting of time values, Date.UTC, Date.parse
function randomTime() {
  const r = rnd();
  if (r < 0.3) return Math.round((rnd() * 2 - 1) * 8.64e15);
  if (r < 0.7) return Math.round((rnd() * 200 - 70) * 365.25 * 864e5);
  if (r < 0.9) return Math.round((rnd() * 1000 - 500) * 365.25 * 864e5);
  return pick([8.64e15, -8.64e15, 0, -1, 1, -62198755200000, 253402300800000, 253402300799999, -62167219200001, -62167219200000]);
}
const strip = (s) => s.replace(/ \(.*\)$/, '');
const times = Array.from({ length: 800 }, randomTime);
section('dateFormatTable', 'Dates in UTC: time value \\t toISOString (or RangeError) \\t toUTCString \\t toString without the zone name \\t toDateString.',
  times.map((t) => { const d = new Date(t); return `${t}\t${d.toISOString()}\t${d.toUTCString()}\t${strip(d.toString())}\t${d.toDateString()}`; }));
const arg = (scale) => {
  const r = rnd();
  if (r < 0.05) return pick([NaN, Infinity, -Infinity, -0, 0.5, -0.5, 1e20, 2 ** 53, 1e6, 1e6 + 1, -1e6, -1e6 - 1, 1e7 + 1]);
  if (r < 0.2) return (rnd() - 0.5) * scale * 100;
  if (r < 0.3) return ri(scale) + rnd();
  return ri(scale) - (rnd() < 0.2 ? ri(scale) : 0);
};
section('dateUTCTable', 'Date.UTC(y, m, d, h, min, s, ms) (year 0-99 maps to 1900-1999): arguments \\t expected time value or NaN.',
  Array.from({ length: 800 }, () => {
    const a = [rnd() < 0.7 ? 1900 + ri(300) : arg(200000), arg(14), arg(32), arg(25), arg(61), arg(61), arg(1000)];
    const v = Date.UTC(...a);
    return `${a.map(String).join(',')}\t${Number.isNaN(v) ? 'NaN' : v}`;
  }));
const months = ['Jan', 'February', 'mar', 'APR', 'May', 'june', 'Sept', 'Oct', 'Dec', 'Ja', 'Mayday'];
const weekDays = ['Mon', 'Tuesday', 'wed', 'Thu,', 'Sun'];
const separators = [' ', '  ', '/', '-', '.', ',', ', ', ':', 'T', '\t', '\n', '\u00a0', ''];
const zones = ['Z', 'z', 'UTC', 'GMT', 'UT', 'EST', 'EDT', 'PST', 'PDT', 'GMT+0200', 'GMT-0800', 'UTC+5', '+01:00', '-05:00',
  '+0530', '+1', '-12345', 'CET', 'XYZ', '(CET)', '(Central European Standard Time)', 'am', 'pm', 'PM'];
const pad = (v, w) => String(v).padStart(w, '0');
function isoLike() {
  let s = rnd() < 0.8 ? pad(ri(10000), 4) : pick(['+', '-']) + pad(ri(300000), 6);
  if (rnd() < 0.8) { s += '-' + pad(ri(14), 2); if (rnd() < 0.8) s += '-' + pad(ri(33), 2); }
  if (rnd() < 0.7) {
    s += pick(['T', 't', ' ', 'T']) + pad(ri(26), 2) + ':' + pad(ri(62), 2);
    if (rnd() < 0.7) { s += ':' + pad(ri(62), 2); if (rnd() < 0.6) s += '.' + ri(10 ** (1 + ri(8))); }
    if (rnd() < 0.6) s += pick(['Z', 'z', '+' + pad(ri(25), 2) + ':' + pad(ri(61), 2), '-' + pad(ri(25), 2) + ':' + pad(ri(61), 2), '+' + pad(ri(2500), 4), ' GMT', '']);
  }
  return rnd() < 0.1 ? s.slice(0, ri(s.length + 1)) : s;
}
function legacy() {
  const parts = Array.from({ length: 1 + ri(7) }, () => {
    const r = rnd();
    if (r < 0.15) return pick(months);
    if (r < 0.22) return pick(weekDays);
    if (r < 0.5) return String(ri(pick([13, 32, 100, 3000, 10000, 1000000])));
    if (r < 0.65) return ri(24) + ':' + pad(ri(61), 2) + (rnd() < 0.5 ? ':' + pad(ri(61), 2) : '') + (rnd() < 0.2 ? '.' + ri(10000) : '');
    if (r < 0.75) return pick(zones);
    if (r < 0.8) return pick(['foo', '(x)', ')', '(', '+', '-', '::', '.', 'T10']);
    return ri(13) + pick(['/', '-', '.']) + ri(32) + pick(['/', '-', '.']) + ri(pick([100, 10000]));
  });
  return parts.reduce((s, p) => (s ? s + pick(separators) + p : p), '');
}
const fixedDates = ['2021-02-30', '2000-01-01T24:00', '2000-01-01T24:00:01', '2000-01-01T10:00:00.5Z', '2000-01-01t10:00z',
  '2000-01-01T10:00+0530', '2000-01-01T10:00+05:30', '+002000-01-01', '-000000-01-01', '-000001-01-01T00:00Z', '2000-1-1',
  '2000-01-01T10', 'Jan 1 2000', '2000/01/02 10:00', '1 January 2000 10:00 GMT+0200',
  'Tue Feb 01 2022 00:00:00 GMT+0100 (Central European Standard Time)', 'Tue, 01 Feb 2022 00:00:00 GMT', '2000', '20000',
  '1/2/3', '12/31/99', 'Mon Jan 1 2001 10:00 PM', '2001-01-02T10:00:00 garbage', 'foo 2001', '2001 foo',
  '+275760-09-13T00:00:00.000Z', '+275760-09-13T00:00:00.001Z', '-271821-04-20T00:00:00.000Z', '-271821-04-19T23:59:59.999Z',
  '(comment) Jan 1 2000 (x)', '1/1/2000 12 pm', '1/1/2000 GMT-08:00', '8', '0', '13', '32', 'Jan', 'Jan 2000', '', 'Invalid Date',
  '2000-01-01\u00002'];
const dateStrings = fixedDates.concat(times.slice(0, 150).flatMap((t) => { const d = new Date(t); return [d.toString(), d.toUTCString(), d.toISOString()]; }),
  Array.from({ length: 1200 }, () => (rnd() < 0.5 ? isoLike() : legacy())));
section('dateParseTable', 'Date.parse in UTC: text \\t expected time value or NaN.',
  dateStrings.map((s) => { const v = Date.parse(s); return `${units(s)}\t${Number.isNaN(v) ? 'NaN' : v}`; }));

console.log(`// Generated by Scripts/gen-numerics-tables.js with node ${process.version}; do not edit.
// Every expected value below was computed by node (V8); see NumericsTests.swift.

enum NumericsTables {
${sections.join('\n\n')}
}`);

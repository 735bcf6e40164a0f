#!/usr/bin/env node
// Regex benchmark workloads, run in node; bench.swift runs the same ones in XJSRegExp.
// Inputs come from the same generator in both (a fixed LCG), so the counts must agree.
//
//   node bench-workloads.js                      # V8 with its regexp JIT
//   node --regexp-interpret-all bench-workloads.js   # V8's irregexp bytecode interpreter
//   node --jitless bench-workloads.js            # no JIT at all (interpreter too)
'use strict';

function lcg(seed) {
  let s = seed >>> 0;
  return () => { s = (Math.imul(s, 1664525) + 1013904223) >>> 0; return s; };
}

// DNA text in 60-column lines, lowercase, like the regex-dna benchmark's input.
function dna(size) {
  const next = lcg(42);
  const bases = 'acgt';
  const parts = [];
  let line = '';
  for (let i = 0; i < size; i++) {
    line += bases[next() >>> 30];
    if (line.length === 60) { parts.push(line); line = ''; }
  }
  parts.push(line);
  return parts.join('\n');
}

// Log lines: timestamp, level, worker, message.
function log(lines) {
  const next = lcg(7);
  const levels = ['INFO', 'INFO', 'INFO', 'WARN', 'ERROR', 'DEBUG'];
  const verbs = ['GET', 'POST', 'PUT', 'DELETE'];
  const out = [];
  const pad = (n, w) => String(n).padStart(w, '0');
  for (let i = 0; i < lines; i++) {
    const r = next();
    out.push(`2024-${pad(1 + r % 12, 2)}-${pad(1 + (r >>> 4) % 28, 2)} ${pad((r >>> 8) % 24, 2)}:` +
      `${pad((r >>> 13) % 60, 2)}:${pad((r >>> 19) % 60, 2)}.${pad(r % 1000, 3)} ` +
      `[${levels[(r >>> 3) % levels.length]}] worker-${(r >>> 11) % 32}: request ` +
      `${verbs[(r >>> 6) % 4]} /api/v1/items/${r % 100000} took ${(r >>> 9) % 900}ms ` +
      `status=${[200, 200, 200, 201, 404, 500][(r >>> 5) % 6]}`);
  }
  return out.join('\n');
}

const variants = [
  'agggtaaa|tttaccct', '[cgt]gggtaaa|tttaccc[acg]', 'a[act]ggtaaa|tttacc[agt]t',
  'ag[act]gtaaa|tttac[agt]ct', 'agg[act]taaa|ttta[agt]cct', 'aggg[acg]aaa|ttt[cgt]ccct',
  'agggt[cgt]aa|tt[acg]accct', 'agggta[cgt]a|t[acg]taccct', 'agggtaa[cgt]|[acg]ttaccct',
];
const logPattern = '^(\\d{4}-\\d{2}-\\d{2}) (\\d{2}:\\d{2}:\\d{2})\\.\\d{3} \\[(\\w+)\\] ([\\w-]+): (.*)$';

function countMatches(re, text) {
  let n = 0;
  re.lastIndex = 0;
  let m;
  while ((m = re.exec(text)) !== null) {
    n++;
    if (m[0].length === 0) re.lastIndex++;
  }
  return n;
}

function time(name, bytes, body) {
  body();  // warm-up
  // CPU time, best of 7: the machine is shared, so wall-clock time mostly measures the
  // neighbours (bench.swift does the same).
  const runs = 7;
  let best = Infinity;
  let result;
  for (let i = 0; i < runs; i++) {
    const t0 = process.cpuUsage();
    result = body();
    const used = process.cpuUsage(t0);
    best = Math.min(best, (used.user + used.system) / 1000);
  }
  console.log(`${name.padEnd(24)} ${String(result).padStart(8)} matches  ${best.toFixed(1).padStart(8)} ms  ${(bytes / 1e6 / (best / 1000)).toFixed(1).padStart(8)} MB/s`);
}

const dnaText = dna(5_000_000);
const logText = log(40_000);
console.log(`dna ${dnaText.length} chars, log ${logText.length} chars`);
time('dna: agggtaaa|tttaccct', dnaText.length, () => countMatches(new RegExp(variants[0], 'ig'), dnaText));
time('dna: all 9 variants', dnaText.length * 9, () => variants.reduce((s, v) => s + countMatches(new RegExp(v, 'ig'), dnaText), 0));
time('log: line pattern /gm', logText.length, () => countMatches(new RegExp(logPattern, 'gm'), logText));
time('log: status=(\\d+) /g', logText.length, () => countMatches(/status=(\d+)/g, logText));
time('log: took (\\d+)ms /g', logText.length, () => countMatches(/took (\d+)ms/g, logText));
time('log: /\\bERROR\\b.*$/gm', logText.length, () => countMatches(/\bERROR\b.*$/gm, logText));
time('log: /[a-z]+@?\\d{3,}/gi', logText.length, () => countMatches(/[a-z]+@?\d{3,}/gi, logText));

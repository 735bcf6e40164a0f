// Regular expressions: two workloads. DNA: generate a FASTA-like file, strip headers and
// line breaks, count the eight-base variants of the regex-redux patterns (alternations and
// character classes, case-insensitive), and substitute IUB codes. Logs: parse generated
// server log lines with anchored captures, named groups, matchAll over key=value pairs,
// replace with a callback, split on a pattern, and a backreference. The expected checksums
// were computed by a separate Python transcription (its re module) and confirmed in node,
// jsc, SpiderMonkey and QuickJS.
"use strict";
const log = typeof print === "function" ? print : (s) => console.log(s);
const SIZE = 4; // quick: 1 (rounds)

const EXPECTED = {
  1: "244080 240000 111796 0 3 4 4 2 2 6 4 7 aa2a5121",
  4: "244080 240000 111796 0 3 4 4 2 2 6 4 7 d578110b",
};
const DNA_LENGTH = 240000;
const LOG_LINES = 4000;

function makeRandom(seed) {
  let state = seed >>> 0;
  // Linear congruential generator (Numerical Recipes constants).
  return (limit) => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return Math.floor((state / 4294967296) * limit);
  };
}

const VARIANTS = [
  /agggtaaa|tttaccct/gi,
  /[cgt]gggtaaa|tttaccc[acg]/gi,
  /a[act]ggtaaa|tttacc[agt]t/gi,
  /ag[act]gtaaa|tttac[agt]ct/gi,
  /agg[act]taaa|ttta[agt]cct/gi,
  /aggg[acg]aaa|ttt[cgt]ccct/gi,
  /agggt[cgt]aa|tt[acg]accct/gi,
  /agggta[cgt]a|t[acg]taccct/gi,
  /agggtaa[cgt]|[acg]ttaccct/gi,
];

const IUB_SUBSTITUTIONS = [
  [/tHa[Nt]/g, "<4>"],
  [/aND|caN|Ha[DS]|WaS/g, "<3>"],
  [/a[NSt]|BY/g, "<2>"],
  [/<[^>]*>/g, "|"],
  [/\|[^|][^|]*\|/g, "-"],
];

// A FASTA-like text: header lines, 60 bases per line, mostly acgt with a few IUB codes.
function makeFasta(random) {
  const bases = "acgtacgtacgtacgtacgtacgtacgtacgtacgtacgtNDSHBYWaKM";
  let text = "";
  for (let section = 0; section < 3; section++) {
    text += `>ONE_${section} generated sequence\n`;
    let line = "";
    for (let i = 0; i < DNA_LENGTH / 3; i++) {
      line += bases[random(bases.length)];
      if (line.length === 60) {
        text += line + "\n";
        line = "";
      }
    }
    text += line + "\n";
  }
  return text;
}

function dnaWorkload(random) {
  const fasta = makeFasta(random);
  const sequence = fasta.replace(/>.*\n|\n/g, "");
  const counts = VARIANTS.map((pattern) => (sequence.match(pattern) ?? []).length);
  let substituted = sequence;
  for (const [pattern, replacement] of IUB_SUBSTITUTIONS) substituted = substituted.replace(pattern, replacement);
  return [fasta.length, sequence.length, substituted.length, ...counts];
}

function makeLog(random) {
  const levels = ["INFO", "INFO", "INFO", "WARN", "ERROR"];
  const services = ["api", "auth", "billing", "search"];
  const lines = [];
  for (let i = 0; i < LOG_LINES; i++) {
    const second = i * 7;
    const time = `2024-03-${String(1 + ((second / 86400) | 0)).padStart(2, "0")}T` +
      `${String(((second / 3600) | 0) % 24).padStart(2, "0")}:${String(((second / 60) | 0) % 60).padStart(2, "0")}:` +
      `${String(second % 60).padStart(2, "0")}Z`;
    const ip = `10.${random(4)}.${random(256)}.${random(256)}`;
    const user = random(10) === 0 ? "user=admin" : `user=u${random(500)}`;
    const path = ["/", "/login", "/items/" + random(100), "/search?q=x" + random(9)][random(4)];
    lines.push(`${time} ${levels[random(levels.length)]} [${services[random(services.length)]}-${random(8)}] ` +
      `${ip} "GET ${path}" ${user} status=${[200, 200, 200, 404, 500][random(5)]} took=${random(900)}ms`);
  }
  return lines.join("\n");
}

const LINE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})Z (INFO|WARN|ERROR) \[(\w+)-(\d+)\] (\S+) "(\w+) ([^"]*)" (.*)$/;
const FIELD_PATTERN = /(?<key>\w+)=(?<value>\S+)/g;
const IP_PATTERN = /\b(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})\b/;

function logWorkload(random) {
  const text = makeLog(random);
  let errors = 0;
  let slowTotal = 0;
  let adminHits = 0;
  let hourSum = 0;
  const perService = {};
  for (const line of text.split(/\r?\n/)) {
    const match = LINE_PATTERN.exec(line);
    if (match === null) throw new Error(`regex: log line did not parse: ${line}`);
    const [, , , , hour, , , level, service] = match;
    hourSum += Number(hour);
    if (level === "ERROR") errors++;
    perService[service] = (perService[service] ?? 0) + 1;
    for (const field of match[13].matchAll(FIELD_PATTERN)) {
      const { key, value } = field.groups;
      if (key === "took" && Number.parseInt(value, 10) > 500) slowTotal += Number.parseInt(value, 10);
      if (key === "user" && value === "admin") adminHits++;
    }
    const ip = IP_PATTERN.exec(match[10]);
    if (ip === null || Number(ip[1]) !== 10) throw new Error(`regex: bad address in ${line}`);
  }
  const masked = text.replace(/user=(\w+)/g, (_, name) => `user=${name.length > 3 ? name.slice(0, 2) + "*" : name}`);
  const repeatedDigits = (text.match(/(\d)\1\1/g) ?? []).length;
  const words = text.split(/[\s"=\[\]]+/).length;
  const services = Object.keys(perService).sort().map((s) => `${s}:${perService[s]}`).join(",");
  return [errors, slowTotal, adminHits, hourSum, masked.length, repeatedDigits, words, services];
}

if (!(SIZE in EXPECTED)) throw new Error(`regex: no expected checksum for ${SIZE} rounds`);
const random = makeRandom(1234);
const results = [];
for (let round = 0; round < SIZE; round++) results.push(...dnaWorkload(random), ...logWorkload(random));
let hash = 0x811c9dc5;
const text = results.join(" ");
for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193) >>> 0;
const checksum = `${results.slice(0, 12).join(" ")} ${hash.toString(16).padStart(8, "0")}`;
if (checksum !== EXPECTED[SIZE]) throw new Error(`regex: checksum ${checksum}, expected ${EXPECTED[SIZE]}`);
log(`OK regex ${checksum}`);

'use strict';
// Runs a script in node the way `xjs run [--test262] file.js` does, so the
// conformance runners can be validated against a conformant reference engine.
//
// The script runs as global code of node's main realm (vm.runInThisContext),
// not as a CommonJS module, so `var` creates global properties and `this` is
// the global object. Output follows the xjs command-line contract:
//   exit 0 on success;
//   an early (parse) error: stderr "SyntaxError: <message> at <file>:<line>:<col>", exit 1;
//   an uncaught exception: stderr "Uncaught <description>" then "    at ..." frames, exit 1;
//   a promise left rejected with no handler: the same with "Uncaught (in promise) ", exit 1
//   (with --test262 unhandled rejections are ignored, as `xjs run --test262` does);
//   an unreadable file: exit 2.

const fs = require('fs');
const vm = require('vm');

function parseArguments(argv) {
  const options = { test262: false, file: null };
  for (const argument of argv) {
    if (argument === '--test262') options.test262 = true;
    else if (options.file === null) options.file = argument;
    else fail(`unexpected argument ${argument}`);
  }
  if (options.file === null) fail('usage: node_host.js [--test262] file.js');
  return options;
}

function fail(message) {
  process.stderr.write(`node_host: ${message}\n`);
  process.exit(2);
}

function defineHidden(target, name, value) {
  Object.defineProperty(target, name, { value, writable: true, enumerable: false, configurable: true });
}

// print(a, b, ...): each argument through ToString (a Symbol throws, as the spec's ToString does).
function print(...values) {
  process.stdout.write(values.map((value) => `${value}`).join(' ') + '\n');
}

// A description of a thrown value for the "Uncaught ..." line; never throws itself.
function describeThrown(value) {
  try {
    return String(value);
  } catch (_) {
    try {
      const name = value && value.constructor && value.constructor.name;
      return name ? `${name}: <unprintable>` : Object.prototype.toString.call(value);
    } catch (__) {
      return '<unprintable value>';
    }
  }
}

function scriptFrames(error) {
  let stack = '';
  try {
    stack = typeof error === 'object' && error !== null ? String(error.stack || '') : '';
  } catch (_) {
    return [];
  }
  return stack
    .split('\n')
    .filter((line) => /^\s+at /.test(line))
    .filter((line) => !line.includes('node:') && !line.includes('node_host.js'))
    .map((line) => '    ' + line.trim());
}

function reportUncaught(error, prefix = 'Uncaught ') {
  const lines = [`${prefix}${describeThrown(error)}`.split('\n')[0], ...scriptFrames(error)];
  process.stderr.write(lines.join('\n') + '\n');
  process.exit(1);
}

// V8 puts "file:line", the source line and a caret line at the top of a
// compile error's stack; the caret's offset gives the column.
function reportEarlyError(error, file) {
  const stackLines = String(error.stack || '').split('\n');
  const location = /^(.*):(\d+)$/.exec(stackLines[0] || '');
  const line = location ? location[2] : '?';
  const sourceLine = location ? stackLines[1] || '' : '';
  const caret = location ? stackLines[2] || '' : '';
  const column = caret.indexOf('^') + 1 || '?';
  const name = error && error.name ? error.name : 'SyntaxError';
  const out = [`${name}: ${error.message} at ${file}:${line}:${column}`];
  if (location) out.push(sourceLine, caret.trimEnd());
  process.stderr.write(out.join('\n') + '\n');
  process.exit(1);
}

// $262 (INTERPRETING.md "Host-Defined Functions"), one per realm.
// agent, IsHTMLDDA and AbstractModuleSource are absent, as in xjs.
function install262(globalObject, runScript) {
  const host = {};
  defineHidden(host, 'global', globalObject);
  defineHidden(host, 'evalScript', (source) => runScript(String(source)));
  defineHidden(host, 'createRealm', createRealm);
  defineHidden(host, 'gc', () => {
    if (typeof globalThis.gc !== 'function') throw new Error('gc is not available (run node with --expose-gc)');
    globalThis.gc();
  });
  defineHidden(host, 'detachArrayBuffer', (buffer) => {
    structuredClone(buffer, { transfer: [buffer] });
    return null;
  });
  defineHidden(globalObject, '$262', host);
  return host;
}

function createRealm() {
  const context = vm.createContext();
  const realmGlobal = vm.runInContext('globalThis', context);
  defineHidden(realmGlobal, 'print', print);
  return install262(realmGlobal, (source) => vm.runInContext(source, context));
}

function main() {
  const options = parseArguments(process.argv.slice(2));
  let source;
  try {
    source = fs.readFileSync(options.file, 'utf8');
  } catch (error) {
    fail(`cannot read ${options.file}: ${error.message}`);
  }
  defineHidden(globalThis, 'print', print);
  if (options.test262) install262(globalThis, (text) => vm.runInThisContext(text));
  // The test262 shell does not treat an unhandled rejection as a failure (async tests report
  // through print); otherwise it ends the run like an uncaught exception, as in xjs.
  process.on('unhandledRejection', options.test262 ? () => {} : (reason) => reportUncaught(reason, 'Uncaught (in promise) '));
  process.on('uncaughtException', (error) => reportUncaught(error));
  let script;
  try {
    script = new vm.Script(source, { filename: options.file });
  } catch (error) {
    reportEarlyError(error, options.file);
  }
  try {
    script.runInThisContext();
  } catch (error) {
    reportUncaught(error);
  }
}

main();

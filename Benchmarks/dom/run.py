#!/usr/bin/env python3
"""DOM benchmarks for `xjs run --dom` (issue 17), medians of N runs of each:

- parse: a generated 5 MB HTML page (tables, lists, paragraphs with inline markup, attributes,
  character references, comments) parsed by DOMParser, then serialized (outerHTML), in MB/s;
- table: a 10,000-row table (5 cells per row) built through createElement/append/textContent,
  then queried with selectors (querySelectorAll, matches, closest, getElementsByClassName), in
  operations per second.

The timings are taken inside the page with performance.now(), so process start-up and the
loading of the generated markup (a JSON string in a script) are not counted.

Usage: Benchmarks/dom/run.py [--xjs PATH] [--runs 5] [--mode interp|jit]
"""

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_XJS = os.path.join(os.path.dirname(os.path.dirname(HERE)), ".build", "release", "xjs")
MODE_FLAGS = {"interp": ["--jitless"], "jit": ["--jit"]}


def generate_page(target_bytes, seed=17):
    """A deterministic page of about `target_bytes` of markup."""
    rng = random.Random(seed)
    words = "lorem ipsum dolor sit amet consectetur adipiscing elit sed do eiusmod tempor".split()
    parts = ["<!doctype html><html><head><title>benchmark page</title>"
             "<meta charset=utf-8><style>td{padding:1px}</style></head><body>"]
    size = len(parts[0])
    section = 0
    while size < target_bytes:
        section += 1
        chunk = [f'<section id="s{section}" class="block k{section % 7}"><h2>Section {section} &amp; more</h2>']
        for _ in range(5):
            text = " ".join(rng.choice(words) for _ in range(12))
            chunk.append(f'<p data-n="{rng.randint(0, 999)}">{text} <b>bold <i>both</i></b> &lt;x&gt; <a href="#s{section}">link</a></p>')
        chunk.append('<ul>' + "".join(f'<li class="i{j}">item {j}' for j in range(8)) + '</ul>')
        chunk.append('<table><tr><th>a<th>b<th>c' + "".join(
            f'<tr><td>{rng.randint(0, 99)}<td title="t{j}">{rng.choice(words)}<td><input type=checkbox{" checked" if j % 2 else ""}>'
            for j in range(6)) + '</table><!-- end of section --></section>')
        text = "".join(chunk)
        parts.append(text)
        size += len(text)
    parts.append("</body></html>")
    return "".join(parts)


PARSE_SCRIPT = """
const t0 = performance.now();
const parsed = new DOMParser().parseFromString(MARKUP, 'text/html');
const t1 = performance.now();
const html = parsed.documentElement.outerHTML;
const t2 = performance.now();
print('RESULT ' + JSON.stringify({ parse: t1 - t0, serialize: t2 - t1, elements: parsed.getElementsByTagName('*').length,
  serialized: html.length }));
"""

TABLE_SCRIPT = """
const rows = 10000, t0 = performance.now();
const table = document.createElement('table');
const body = document.createElement('tbody');
table.append(body);
for (let i = 0; i < rows; i++) {
  const tr = document.createElement('tr');
  tr.id = 'r' + i;
  if (i % 3 === 0) tr.className = 'third';
  for (let j = 0; j < 5; j++) {
    const td = document.createElement('td');
    td.className = 'c' + j;
    td.textContent = i * 5 + j;
    tr.append(td);
  }
  body.append(tr);
}
document.body.append(table);
const t1 = performance.now();
let found = 0;
found += document.querySelectorAll('tr.third > td.c2').length;
found += document.querySelectorAll('tbody tr:nth-child(2n+1) td:last-child').length;
found += document.querySelectorAll('tr:has(> td.c4)').length;
found += document.getElementsByClassName('c3').length;
found += document.querySelector('#r9999 td.c1') ? 1 : 0;
let matched = 0;
for (let i = 0; i < rows; i += 10) {
  const td = document.getElementById('r' + i).lastChild;
  if (td.matches('tr.third td') && td.closest('table') === table) matched++;
}
const t2 = performance.now();
print('RESULT ' + JSON.stringify({ build: t1 - t0, query: t2 - t1, nodes: rows * 11, queries: 5 + rows / 10 * 2,
  found, matched }));
"""


def run_page(xjs, mode, folder, name, script, data=None):
    page = os.path.join(folder, name + ".html")
    with open(page, "w", encoding="utf-8") as handle:
        handle.write("<!doctype html><body>")
        if data is not None:
            handle.write(f'<script src="{name}-data.js"></script>')
            with open(os.path.join(folder, name + "-data.js"), "w", encoding="utf-8") as data_file:
                data_file.write("var MARKUP = " + json.dumps(data) + ";")
        handle.write(f"<script>{script}</script></body>")
    completed = subprocess.run([xjs, "run", "--dom", *MODE_FLAGS[mode], page], capture_output=True, text=True, timeout=600)
    for line in completed.stdout.splitlines():
        if line.startswith("RESULT "):
            return json.loads(line[len("RESULT "):])
    raise RuntimeError(f"{name}: no result (exit {completed.returncode}): {completed.stderr[-500:]}")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--xjs", default=DEFAULT_XJS)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--mode", default="jit", choices=sorted(MODE_FLAGS))
    parser.add_argument("--megabytes", type=float, default=5.0)
    arguments = parser.parse_args()
    markup = generate_page(int(arguments.megabytes * 1024 * 1024))
    megabytes = len(markup.encode("utf-8")) / (1024 * 1024)
    with tempfile.TemporaryDirectory() as folder:
        parses = [run_page(arguments.xjs, arguments.mode, folder, "parse", PARSE_SCRIPT, markup) for _ in range(arguments.runs)]
        tables = [run_page(arguments.xjs, arguments.mode, folder, "table", TABLE_SCRIPT) for _ in range(arguments.runs)]
    parse_ms = statistics.median(p["parse"] for p in parses)
    serialize_ms = statistics.median(p["serialize"] for p in parses)
    build_ms = statistics.median(t["build"] for t in tables)
    query_ms = statistics.median(t["query"] for t in tables)
    first = tables[0]
    print(f"xjs {arguments.mode}, medians of {arguments.runs} runs")
    print(f"| benchmark | median | rate |")
    print(f"|---|---|---|")
    print(f"| parse {megabytes:.2f} MB ({parses[0]['elements']} elements) | {parse_ms:.0f} ms | {megabytes / parse_ms * 1000:.1f} MB/s |")
    print(f"| serialize it (outerHTML, {parses[0]['serialized'] / 1e6:.2f} M chars) | {serialize_ms:.0f} ms | {megabytes / serialize_ms * 1000:.1f} MB/s |")
    print(f"| build a 10,000-row table ({first['nodes']} nodes) | {build_ms:.0f} ms | {first['nodes'] / build_ms * 1000:,.0f} nodes/s |")
    print(f"| query it ({first['queries']} selector calls) | {query_ms:.0f} ms | {first['queries'] / query_ms * 1000:,.0f} queries/s |")
    return 0


if __name__ == "__main__":
    sys.exit(main())

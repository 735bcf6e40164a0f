"""Reads a test262 test's metadata block (`/*--- ... ---*/`, a small YAML subset).

test262 frontmatter uses: `key: scalar`, flow lists `[a, b]` (possibly over
several lines), block lists (`- a` lines), one nested mapping (`negative:` with
`phase:` and `type:`), and block text (`|` / `>`) for descriptions. Only that
subset is parsed; anything else raises FrontmatterError so the runner reports
the test instead of guessing.
"""

import re

START, END = "/*---", "---*/"
_KEY_LINE = re.compile(r"^([A-Za-z_][\w-]*)\s*:(?:\s+(.*)|\s*)$")
_BLOCK_TEXT_MARKERS = {"|", ">", "|-", ">-", "|+", ">+"}


class FrontmatterError(Exception):
    pass


def extract(source):
    """The text between `/*---` and `---*/`, or None when the test has no metadata."""
    start = source.find(START)
    if start < 0:
        return None
    end = source.find(END, start + len(START))
    if end < 0:
        raise FrontmatterError("metadata block `/*---` is not closed by `---*/`")
    return source[start + len(START) : end]


def parse(source):
    """The test's metadata as a dict (empty when there is none)."""
    text = extract(source)
    return {} if text is None else parse_yaml_subset(text)


def parse_yaml_subset(text):
    lines = [line.rstrip() for line in re.split(r"\r\n|\r|\n", text)]  # YAML line breaks
    base_indent = min((_indent(line) for line in lines if line.strip()), default=0)
    result = {}
    index = 0
    while index < len(lines):
        line = lines[index]
        if not line.strip() or line.lstrip().startswith("#"):
            index += 1
            continue
        if _indent(line) != base_indent:
            raise FrontmatterError(f"unexpected indentation: {line.strip()!r}")
        match = _KEY_LINE.match(line[base_indent:])
        if not match:
            raise FrontmatterError(f"expected `key: value`, found {line.strip()!r}")
        key, value = match.group(1), (match.group(2) or "").strip()
        body_end = _block_end(lines, index + 1, base_indent)
        body = lines[index + 1 : body_end]
        result[key] = _value(key, value, body)
        index = body_end
    return result


def _indent(line):
    return len(line) - len(line.lstrip(" \t"))


def _block_end(lines, start, base_indent):
    """Index of the first line after `start` back at the key's indentation."""
    index = start
    while index < len(lines):
        line = lines[index]
        if line.strip() and _indent(line) <= base_indent:
            break
        index += 1
    return index


def _value(key, value, body):
    if value.startswith("["):
        return _flow_list(" ".join([value] + [line.strip() for line in body]), key)
    if value in _BLOCK_TEXT_MARKERS:
        return "\n".join(line.strip() for line in body).strip()
    if value:
        if any(line.strip() for line in body):  # a plain scalar folded over several lines
            return " ".join([value] + [line.strip() for line in body if line.strip()])
        return _scalar(value)
    content = [line for line in body if line.strip()]
    if not content:
        return None
    if all(line.strip().startswith("- ") or line.strip() == "-" for line in content):
        return [_scalar(line.strip()[1:].strip()) for line in content]
    return _mapping(content, key)


def _flow_list(text, key):
    text = text.strip()
    if not text.endswith("]"):
        raise FrontmatterError(f"`{key}`: list is not closed by `]`")
    inner = text[1:-1].strip()
    if not inner:
        return []
    return [_scalar(item.strip()) for item in inner.split(",") if item.strip()]


def _mapping(lines, key):
    indent = _indent(lines[0])
    mapping = {}
    for line in lines:
        if _indent(line) != indent:
            raise FrontmatterError(f"`{key}`: nested structure deeper than one mapping level")
        match = _KEY_LINE.match(line.strip())
        if not match:
            raise FrontmatterError(f"`{key}`: expected `name: value`, found {line.strip()!r}")
        mapping[match.group(1)] = _scalar((match.group(2) or "").strip())
    return mapping


def _scalar(text):
    if len(text) >= 2 and text[0] == text[-1] and text[0] in "'\"":
        return text[1:-1]
    return text

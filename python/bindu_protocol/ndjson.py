"""The Node CLI's ``bindu-protocol validate --ndjson``, one line at a time, for running where Node does not (Spark).

``LineJudge.judge(number, raw, offset, requests)`` gives what ``validate --ndjson`` writes for one line of a log: its
report (stdout: the status line and its issues, or the ``--json`` record) or its input error (stderr), byte for
byte; a blank line gives nothing. The only state ``validate --ndjson`` carries from line to line is the pairing
of a response with its request (the latest earlier request with the same id: its method decides what the
response is checked as), so the caller collects the log's requests first (``request_of`` on every line, into a
``Pairing``) and passes them in: lines can then be judged in any order, on any machine (``bindu_protocol.spark``).

The contract is the Node CLI's output, so where this package words a thing its own way the Node words are
used here: a syntax error is placed and worded by ``syntax_error`` (the Node CLI's scan, not Python's JSON reader),
and a duplicate key says what JSON.parse keeps. Two things differ from the Node CLI, both stated where they
apply: a response is paired with its request however far back it is (the Node CLI keeps the last 10,000 to 20,000
requests), and a proxy's REST record line (``{"operation","part","status","body"}``) is reported as not judged
(the Python package does not check HTTP+JSON bodies), as an input error naming the line.
"""
from __future__ import annotations

import json
import re
from bisect import bisect_left
from io import StringIO
from typing import Any, Dict, List, Optional, Sequence, Tuple, Union

from ._text import DEFAULT_MAX_BYTES, _constant, judge_text
from ._validate import DEFAULT_MAX_ERRORS, check_message, load
from .cli import _json_line, _plural, _print_result
from .result import ValidationIssue, ValidationResult

#: What the Node CLI prefixes its input errors with (its stderr is the contract).
PREFIX = "bindu-protocol"

#: An id as JavaScript compares it: a Map key tells the string "1" from the number 1, and every number is a double.
IdKey = Tuple[str, Union[str, float]]


def id_key(value: Any) -> Optional[IdKey]:
    """The key a request's or response's ``id`` is paired by; None for what is not a string or a number."""
    if isinstance(value, str):
        return ("s", value)
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return None
    try:
        return ("n", float(value))
    except OverflowError:
        return ("n", float("inf") if value > 0 else float("-inf"))


# -- the Node CLI's words for a syntax error (src/engine/json-text.ts: syntaxError, lineColumn) --------------


def _utf16_length(text: str) -> int:
    return len(text.encode("utf-16-le", "surrogatepass")) // 2


def line_column(text: str, position: int) -> str:
    """``line L, column C`` of a position, the column counted in UTF-16 code units as JavaScript counts it."""
    line = 1 + text.count("\n", 0, position)
    start = text.rfind("\n", 0, position) + 1
    return f"line {line}, column {_utf16_length(text[start:position]) + 1}"


def _describe(text: str, at: int) -> str:
    code = ord(text[at])
    if code < 0x20 or code == 0x7F:
        return f"the control character U+{code:04X}"
    if code == 0xFEFF:
        return "a byte order mark (U+FEFF)"
    return f'"{text[at]}"'


_SPACE = " \n\r\t"
_DIGITS = "0123456789"
_HEX4 = re.compile(r"[0-9a-fA-F]{4}")


def syntax_error(text: str) -> Tuple[int, str]:
    """Where a text that is not JSON goes wrong, and what is there, in the Node CLI's words: (position, problem)."""
    n = len(text)
    stack: List[str] = []
    i = 0

    def char(at: int) -> str:
        return text[at] if at < n else ""

    def unexpected(wanted: str) -> Tuple[int, str]:
        if i >= n:
            return i, f"the text ends where {wanted} should be (truncated?)"
        for word in ("NaN", "Infinity", "-Infinity"):
            if text.startswith(word, i):
                return i, f"{word} is not a JSON number (JSON has no NaN or Infinity)"
        return i, f"{_describe(text, i)} where {wanted} should be"

    def string() -> Optional[Tuple[int, str]]:
        nonlocal i
        start = i
        i += 1
        while i < n:
            c = text[i]
            if c == '"':
                i += 1
                return None
            if ord(c) < 0x20:
                return i, f"{_describe(text, i)} inside a string (write it as an escape, e.g. \\u{ord(c):04x})"
            if c == "\\":
                if char(i + 1) == "u":
                    if not _HEX4.fullmatch(text[i + 2:i + 6]):
                        return i, "a \\u escape without four hexadecimal digits"
                    i += 6
                    continue
                if i + 1 >= n:
                    return n, "the text ends inside a string (truncated?)"
                if text[i + 1] not in '"\\/bfnrt':
                    return i, f'an invalid escape "\\{text[i + 1]}" in a string'
                i += 2
                continue
            i += 1
        return n, f"the text ends inside a string that starts at {line_column(text, start)} (truncated?)"

    def number() -> Optional[Tuple[int, str]]:
        nonlocal i
        if char(i) == "-":
            i += 1
        if text.startswith("Infinity", i):
            return i - 1, "-Infinity is not a JSON number (JSON has no NaN or Infinity)"
        if char(i) not in _DIGITS or char(i) == "":
            return unexpected("a digit")
        if char(i) == "0":
            i += 1
        else:
            while char(i) != "" and char(i) in _DIGITS:
                i += 1
        if char(i) == ".":
            i += 1
            if char(i) == "" or char(i) not in _DIGITS:
                return unexpected("a digit after the decimal point")
            while char(i) != "" and char(i) in _DIGITS:
                i += 1
        if char(i) in ("e", "E"):
            i += 1
            if char(i) in ("+", "-"):
                i += 1
            if char(i) == "" or char(i) not in _DIGITS:
                return unexpected("a digit of the exponent")
            while char(i) != "" and char(i) in _DIGITS:
                i += 1
        return None

    def space() -> None:
        nonlocal i
        while i < n and text[i] in _SPACE:
            i += 1

    def key() -> Optional[Tuple[int, str]]:
        nonlocal i
        if char(i) != '"':
            return unexpected("a key (a double-quoted string)")
        problem = string()
        if problem:
            return problem
        space()
        if char(i) != ":":
            return unexpected('":" after the key')
        i += 1
        return None

    want_value = True
    space()
    if i >= n:
        return i, "the input is empty (no JSON value)"
    while True:
        space()
        if want_value:
            c = char(i)
            problem: Optional[Tuple[int, str]] = None
            if c in ("{", "["):
                stack.append(c)
                i += 1
                space()
                if char(i) == ("}" if c == "{" else "]"):
                    stack.pop()
                    i += 1
                    want_value = False
                    continue
                if c == "{":
                    problem = key()
                    if problem:
                        return problem
                continue
            if c == '"':
                problem = string()
            elif c == "-" or (c != "" and c in _DIGITS):
                problem = number()
            elif text.startswith("true", i):
                i += 4
            elif text.startswith("false", i):
                i += 5
            elif text.startswith("null", i):
                i += 4
            else:
                return unexpected("a value")
            if problem:
                return problem
            want_value = False
            continue
        if not stack:
            if i < n:
                return i, f"{_describe(text, i)} after the end of the JSON value"
            return i, "JSON.parse refused the text, but no position was found"
        top = stack[-1]
        c = char(i)
        if c == ",":
            i += 1
            space()
            if top == "{":
                problem = key()
                if problem:
                    return problem
            want_value = True
            continue
        if c == ("}" if top == "{" else "]"):
            stack.pop()
            i += 1
            continue
        return unexpected('"," or "}"' if top == "{" else '"," or "]"')


# -- one line ---------------------------------------------------------------------------------------------------


def _format_bytes(size: int) -> str:
    """A size as the Node CLI writes it (64 MiB, 1.5 KiB, 12 bytes)."""
    for unit, step in (("GiB", 1024 ** 3), ("MiB", 1024 ** 2), ("KiB", 1024)):
        if size >= step:
            value = size / step
            return f"{int(value)} {unit}" if value.is_integer() else f"{value:.1f} {unit}"
    return f"{size} byte{'' if size == 1 else 's'}"


#: What JavaScript's String.prototype.trim removes: a line of only these is blank (skipped).
_JS_SPACE = "\t\n\v\f\r \u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000\ufeff"

_BOM = b"\xef\xbb\xbf"
_DUPLICATE_PYTHON = "only the last is checked"
_DUPLICATE_NODE = "JSON.parse keeps only the last"

#: A line's result: 0 a valid payload, 1 an invalid one (both: a report for stdout), 2 an input error (stderr).
Outcome = int


class LineJudge:
    """Judges lines of one log as ``bindu-protocol validate --ndjson [--json] [--strict] [--max-errors N]`` does."""

    def __init__(self, name: str, variant: str = "bindu", *, json_output: bool = False, strict: bool = False,
                 max_errors: int = DEFAULT_MAX_ERRORS, max_bytes: int = DEFAULT_MAX_BYTES) -> None:
        self.name = name
        self.variant = load(variant)
        self.json_output = json_output
        self.strict = strict
        self.cap: float = float("inf") if max_errors == 0 else max_errors
        self.max_bytes = max_bytes
        # "NAME:" as a JSON string without its closing quote: the line's digits and a quote complete a source.
        self._quoted = json.dumps(f"{name}:", ensure_ascii=False)[:-1]

    def _text(self, number: int, raw: bytes, offset: int) -> Union[str, Tuple[int, str], None]:
        """The line's text; or (2, input error); None for a blank line. ``offset``: the byte offset of the line's start."""
        end = len(raw) - 1 if raw.endswith(b"\r") else len(raw)
        start = 3 if number == 1 and raw.startswith(_BOM) else 0
        if end - start > self.max_bytes:
            return 2, self.input_error(number, f"the line is longer than the limit of {_format_bytes(self.max_bytes)} (raise it with --max-bytes); skipped")
        try:
            text = raw[start:end].decode("utf-8")
        except UnicodeDecodeError:
            try:
                raw.decode("utf-8")
                bad = -1
            except UnicodeDecodeError as error:
                bad = error.start
            if bad == -1:  # the bad byte was a cut-off sequence before the \r
                bad = end
            return 2, self.input_error(
                number, f"not UTF-8: byte 0x{raw[bad]:02X} at byte {bad + 1} of the line (byte offset {offset + bad}) does not belong to a UTF-8 sequence")
        if not text or ((text[0] <= " " or text[0] == "\ufeff") and not text.strip(_JS_SPACE)):
            return None
        return text

    def input_error(self, number: int, message: str) -> str:
        return f"{PREFIX}: {self.name}:{number}: {message}\n"

    def judge(self, number: int, raw: bytes, offset: int = 0, requests: Optional["Pairing"] = None) -> Optional[Tuple[Outcome, str]]:
        """Line ``number`` (from 1) of the log, its bytes without the newline (``offset``: where it starts in the
        log): (outcome, text), or None for a blank line. ``requests``: the log's requests (``request_of`` on every
        line), where a response finds the latest earlier request with its id, whose method decides."""
        text = self._text(number, raw, offset)
        if text is None or isinstance(text, tuple):
            return text
        if text[0] == "\ufeff":
            # JSON.parse refuses a byte order mark (Python's reader would skip it); only line 1's bytes lose one.
            position, problem = syntax_error(text)
            return 2, self.input_error(number, f"not JSON ({problem}, at {line_column(text, position)})")
        rest: List[bool] = []

        def judge_value(value: Any, cap: float, skip: Any) -> ValidationResult:
            if _is_rest_record(value):
                rest.append(True)
                return ValidationResult(True)
            request = None
            if requests is not None and isinstance(value, dict) and "method" not in value:
                method = requests.method_before(number, id_key(value.get("id")))
                if method is not None:
                    request = {"id": value.get("id"), "method": method}
            return check_message(self.variant, value, None, request, self.strict, cap, skip)

        value = _plain_value(text)
        if value is not _NOT_PLAIN:
            verdict = judge_value(value, self.cap, None)
        else:
            verdict = judge_text(text, judge_value, self.cap, self.max_bytes)
        if verdict.input_error is not None:
            if verdict.errors and verdict.errors[0].keyword == "syntax" and verdict.input_error.startswith("not JSON ("):
                position, problem = syntax_error(text)
                return 2, self.input_error(number, f"not JSON ({problem}, at {line_column(text, position)})")
            return 2, self.input_error(number, verdict.input_error)
        if rest:
            return 2, self.input_error(number, "a proxy REST record (operation, part, body): the Python package does not check HTTP+JSON "
                                               "bodies, so this line is not judged; validate this log with `bindu-protocol validate --ndjson`")
        verdict = _node_words(verdict)
        source = f"{self.name}:{number}"
        if self.json_output:
            if verdict.valid and not verdict.errors and not verdict.warnings:
                report = f'{{"source":{self._quoted}{number}","valid":true,"errors":[],"warnings":[]}}\n'
            else:
                record: Dict[str, Any] = {"source": source, "valid": verdict.valid,
                                          "errors": [e.to_dict() for e in verdict.errors],
                                          "warnings": [w.to_dict() for w in verdict.warnings]}
                if verdict.omitted:
                    record["omitted"] = verdict.omitted
                report = _json_line(record)
        else:
            out = StringIO()
            _print_result(out, source, verdict)
            report = out.getvalue()
        return (0 if verdict.valid else 1), report


_NOT_PLAIN = object()
_SPACE_BEFORE_COLON = re.compile(r'"\s+:')


def _int_within_double(literal: str) -> int:
    if len(literal) > 308:  # perhaps beyond the largest double, where JavaScript reads Infinity
        raise ValueError("a long integer")
    return int(literal)


def _plain_value(text: str) -> Any:
    """The parsed value of a line that provably holds nothing JSON.parse hides (no duplicate key, lone surrogate or
    number beyond a double), read by the C reader alone; else ``_NOT_PLAIN`` (the package's text reader then reads it).

    No ``\\u`` escape: no lone surrogate. No integer of more than 308 digits and no float read as infinite (written
    back as ``Infinity``): no number beyond a double.
    No duplicate key: each key of the text ends ``":`` (no white space before a colon after a quote), and the text
    has as many ``":`` as the value written back compactly, whose keys are the value's own (distinct) keys; a ``\\":``
    inside a string is in both, written alike (the same characters, no ``\\u`` escapes)."""
    if "\\u" in text or _SPACE_BEFORE_COLON.search(text):
        return _NOT_PLAIN
    try:
        value = json.loads(text, parse_constant=_constant, parse_int=_int_within_double)
        written = json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    except (ValueError, RecursionError):
        return _NOT_PLAIN
    return value if text.count('":') == written.count('":') and "Infinity" not in written else _NOT_PLAIN


def _is_rest_record(value: Any) -> bool:
    """A proxy's REST line, as the Node CLI recognises it (src/library/validate-operation.ts: isRestRecord)."""
    return (isinstance(value, dict) and isinstance(value.get("operation"), str) and isinstance(value.get("part"), str)
            and "body" in value and "jsonrpc" not in value and "method" not in value)


def _node_words(verdict: ValidationResult) -> ValidationResult:
    """The Node CLI's wording of a duplicate key (it names JSON.parse, which keeps the last, as Python's reader does)."""
    if not any(issue.keyword == "duplicateKey" for issue in verdict.errors):
        return verdict
    errors = [ValidationIssue(e.path, e.keyword, e.message.replace(_DUPLICATE_PYTHON, _DUPLICATE_NODE), e.hint, e.params)
              if e.keyword == "duplicateKey" else e for e in verdict.errors]
    return ValidationResult(verdict.valid, errors, verdict.warnings, verdict.omitted)


# -- pairing responses with requests ----------------------------------------------------------------------------


def request_of(number: int, raw: bytes, max_bytes: int = DEFAULT_MAX_BYTES) -> Optional[Tuple[IdKey, str]]:
    """When line ``number`` is a JSON-RPC request that the Node CLI remembers (an object with a string ``method``
    and a string or number ``id``, in a line it could read): its id's key and its method."""
    if b"method" not in raw and b"\\u" not in raw:  # the key is spelt out, or escaped
        return None
    end = len(raw) - 1 if raw.endswith(b"\r") else len(raw)
    start = 3 if number == 1 and raw.startswith(_BOM) else 0
    if end - start > max_bytes:
        return None
    try:
        value = json.loads(raw[start:end].decode("utf-8"), parse_int=float, parse_constant=_constant)
    except (ValueError, RecursionError):
        return None
    if not isinstance(value, dict) or not isinstance(value.get("method"), str):
        return None
    key = id_key(value.get("id"))
    return None if key is None else (key, value["method"])


class Pairing:
    """Every request of a log by id: (line, method) in line order; ``method_for`` finds a response's request."""

    def __init__(self) -> None:
        self.lines: Dict[IdKey, List[int]] = {}
        self.methods: Dict[IdKey, List[str]] = {}

    def add(self, line: int, key: IdKey, method: str) -> None:
        """Adds a request (in line order)."""
        self.lines.setdefault(key, []).append(line)
        self.methods.setdefault(key, []).append(method)

    def method_before(self, line: int, key: Optional[IdKey]) -> Optional[str]:
        """The method of the latest request before ``line`` whose id has the key ``key`` (None: there is none)."""
        lines = self.lines.get(key) if key is not None else None
        if not lines:
            return None
        at = bisect_left(lines, line) - 1
        return self.methods[key][at] if at >= 0 else None  # type: ignore[index]


def summary(valid: int, invalid: int, input_errors: int, json_output: bool) -> str:
    """The Node CLI's last line ("N payloads: V valid, I invalid; E input errors"), or "" when it writes none."""
    total = valid + invalid
    if json_output or total + input_errors <= 1:
        return ""
    inputs = f"; {_plural(input_errors, 'input error')}" if input_errors else ""
    return f"{_plural(total, 'payload')}: {valid:,} valid, {invalid:,} invalid{inputs}\n"


def exit_code(invalid: int, input_errors: int) -> int:
    """The Node CLI's exit code: 2 for an input error, else 1 for an invalid payload, else 0."""
    return 2 if input_errors else (1 if invalid else 0)


def judge_lines(name: str, lines: Sequence[bytes], variant: str = "bindu", **options: Any) -> List[Tuple[int, Outcome, str]]:
    """Every line of a small log in one process (no Spark): (line, outcome, text) for each line that is not blank."""
    judge = LineJudge(name, variant, **options)
    pairing = Pairing()
    out: List[Tuple[int, Outcome, str]] = []
    offset = 0
    for number, raw in enumerate(lines, start=1):
        result = judge.judge(number, raw, offset, pairing)
        if result is not None:
            out.append((number, *result))
        request = request_of(number, raw, judge.max_bytes)
        if request is not None:
            pairing.add(number, *request)
        offset += len(raw) + 1
    return out

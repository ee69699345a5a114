"""``validate_text`` and ``validate_message_text``: the same checks on JSON text (``str`` or UTF-8 ``bytes``).

Before the schema, the text itself (the JavaScript package's decision 9): input errors (too large, not
UTF-8, not JSON with line and column) make the result invalid with one error (keyword ``size``,
``encoding`` or ``syntax``) and set ``input_error``; duplicate keys (``duplicateKey``), lone surrogates
(``unicode``) and numbers beyond a double (``range``) are payload errors at their JSON Pointer, reported
before the schema's. A leading byte order mark is ignored.
"""
from __future__ import annotations

import json
import math
import re
import sys
import threading
from typing import Any, Dict, List, Optional, Set, Tuple, Union

from . import _data
from ._validate import _cap, _type, check, check_message, load
from ._words import fill
from .result import ValidationIssue, ValidationResult

DEFAULT_MAX_BYTES = 64 * 1024 * 1024
_SURROGATE = re.compile("[\ud800-\udfff]")


class InputError(ValueError):
    """Text that is not a JSON payload at all; ``keyword`` is ``size``, ``encoding`` or ``syntax``."""

    def __init__(self, keyword: str, message: str) -> None:
        super().__init__(message)
        self.keyword = keyword


class _Object(dict):  # type: ignore[type-arg]
    """A parsed object that remembers its members as the text gave them, repeated keys and overridden values included."""

    pairs: List[Tuple[str, Any]]


class _Huge(float):
    """A number beyond the largest double, as the literal wrote it (JavaScript reads it as ±Infinity)."""

    literal: str


def _pairs(pairs: List[Tuple[str, Any]]) -> _Object:
    obj = _Object(pairs)
    obj.pairs = pairs
    return obj


def _number(literal: str) -> Union[int, float]:
    number = float(literal)
    if math.isinf(number):
        huge = _Huge(number)
        huge.literal = literal
        return huge
    if re.fullmatch(r"-?\d+", literal):
        return int(literal)
    return number


def _constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


def decode(text: Union[str, bytes, bytearray], max_bytes: int = DEFAULT_MAX_BYTES) -> Any:
    """Parses JSON text strictly (no NaN or Infinity literals); an ``InputError`` when it cannot be read."""
    if isinstance(text, (bytes, bytearray)):
        if len(text) > max_bytes:
            raise InputError("size", f"larger than {max_bytes} bytes")
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError as error:
            raise InputError("encoding", f"not UTF-8: byte 0x{text[error.start]:02X} at byte offset {error.start} does not belong to a UTF-8 sequence") from None
    elif len(text.encode("utf-8", "surrogatepass")) > max_bytes:
        raise InputError("size", f"larger than {max_bytes} bytes")
    if text.startswith("\ufeff"):
        text = text[1:]
    try:
        return json.loads(text, object_pairs_hook=_pairs, parse_int=_number, parse_float=_number, parse_constant=_constant)
    except json.JSONDecodeError as error:
        raise InputError("syntax", f"not JSON ({error.msg}, at line {error.lineno}, column {error.colno})") from None
    except ValueError as error:
        raise InputError("syntax", f"not JSON ({error})") from None
    except RecursionError:
        raise _TooDeep() from None


def _token(key: str) -> str:
    return key.replace("~", "~0").replace("/", "~1")


class _Duplicate:
    """A marker in the walk: the key of the member that follows was given before in its object."""

    __slots__ = ("key",)

    def __init__(self, key: str) -> None:
        self.key = key


def text_issues(value: Any) -> List[ValidationIssue]:
    """What the text holds that a parsed value hides: duplicate keys, lone surrogates, huge numbers.

    Iterative, and a path is written only for what is reported (each node links to its parent), so the
    cost is linear in the size of the value however deep it is nested."""
    found: List[ValidationIssue] = []
    Link = Optional[Tuple[Any, str]]

    def pointer(link: Link, last: Optional[str] = None) -> str:
        tokens: List[str] = [] if last is None else [last]
        while link is not None:
            link, token = link
            tokens.append(token)
        return "".join("/" + token for token in reversed(tokens))

    surrogate = "holds a lone surrogate (a \\uD800-\\uDFFF escape without its pair): it is legal JSON text but not Unicode"
    # Each entry: a value, its link, and whether its key (in an object) holds a lone surrogate, reported first.
    stack: List[Tuple[Any, Link, bool]] = [(value, None, False)]
    while stack:
        node, link, bad_key = stack.pop()
        if bad_key and link is not None:
            found.append(ValidationIssue(pointer(link), "unicode", f"this key {surrogate}", fill("loneSurrogate")))
        if isinstance(node, _Duplicate):
            key = node.key
            found.append(ValidationIssue(pointer(link), "duplicateKey",
                                         f"the key {json.dumps(key, ensure_ascii=False)} appears more than once in this object; only the last is checked",
                                         fill("duplicateKey")))
        elif isinstance(node, dict):
            # In the order of the text: each member's key (a lone surrogate in it, then "given twice"), then its value.
            members: List[Tuple[Any, Link, bool]] = []
            seen: Set[str] = set()
            for key, child in getattr(node, "pairs", node.items()):
                child_link = (link, _token(key))
                bad = _SURROGATE.search(key) is not None
                if key in seen:
                    members.append((_Duplicate(key), child_link, bad))
                    bad = False
                members.append((child, child_link, bad))
                seen.add(key)
            stack.extend(reversed(members))
        elif isinstance(node, list):
            stack.extend(reversed([(child, (link, str(index)), False) for index, child in enumerate(node)]))
        elif isinstance(node, str) and _SURROGATE.search(node):
            found.append(ValidationIssue(pointer(link), "unicode", surrogate, fill("loneSurrogate")))
        elif isinstance(node, _Huge):
            literal = node.literal if len(node.literal) <= 24 else node.literal[:23] + "…"
            sign = "-Infinity" if node < 0 else "Infinity"
            found.append(ValidationIssue(pointer(link), "range", f"the number {literal} is out of range: it is beyond the largest double (about 1.8e308) and reads as {sign}",
                                         fill("numberRange")))
    return found


def plain(value: Any) -> Any:
    """The parsed value with the reader's helper types turned back into plain dicts and floats."""
    if isinstance(value, dict):
        return {k: plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [plain(v) for v in value]
    if isinstance(value, _Huge):
        return float(value)
    return value


class _TooDeep(Exception):
    """Nested deeper than Python's default recursion limit lets the reader or the checks follow."""


#: The stack and recursion limit of the thread that judges deeply nested text (JSON allows any depth).
_DEEP_STACK = 512 * 1024 * 1024
_DEEP_LIMIT = 2_000_000
_deep_lock = threading.Lock()


def judge_text(text: Union[str, bytes, bytearray], judge: Any, max_errors: float, max_bytes: int) -> ValidationResult:
    """Parses, scans the text, then ``judge(value, max_errors, skip_paths)`` with room for the text's errors first.

    Text nested deeper than the default recursion limit allows is judged again in a thread with a large stack
    and a high recursion limit, so that its depth alone changes no verdict (as in JavaScript)."""
    try:
        verdict = _judge_text(text, judge, max_errors, max_bytes)
        if not (verdict.errors and verdict.errors[0].keyword == "depth"):
            return verdict
    except (_TooDeep, RecursionError):
        pass
    outcome: Dict[str, Any] = {}

    def deep() -> None:
        previous = sys.getrecursionlimit()
        sys.setrecursionlimit(_DEEP_LIMIT)
        try:
            outcome["result"] = _judge_text(text, judge, max_errors, max_bytes)
        except (_TooDeep, RecursionError, MemoryError):
            message = "not readable: nested deeper than the JSON reader can follow"
            outcome["result"] = ValidationResult(False, [ValidationIssue("", "syntax", message)], [], 0, message)
        finally:
            sys.setrecursionlimit(previous)

    with _deep_lock:
        previous_size = threading.stack_size()
        threading.stack_size(_DEEP_STACK)
        try:
            worker = threading.Thread(target=deep, name="bindu-protocol-deep")
            worker.start()
        finally:
            threading.stack_size(previous_size)
        worker.join()
    return outcome["result"]  # type: ignore[no-any-return]


def _judge_text(text: Union[str, bytes, bytearray], judge: Any, max_errors: float, max_bytes: int) -> ValidationResult:
    try:
        parsed = decode(text, max_bytes)
    except InputError as error:
        return ValidationResult(False, [ValidationIssue("", error.keyword, str(error))], [], 0, str(error))
    found = text_issues(parsed)
    value = plain(parsed)
    if not found:
        return judge(value, max_errors, None)  # type: ignore[no-any-return]
    ranges: Set[str] = {i.path for i in found if i.keyword == "range"}
    verdict: ValidationResult = judge(value, max(max_errors - len(found), 0), ranges or None)
    errors = [*found, *verdict.errors]
    keep = int(min(max_errors, len(errors)))
    return ValidationResult(False, errors[:keep], verdict.warnings, verdict.omitted + len(errors) - keep)


def validate_text(type_name: str, text: Union[str, bytes, bytearray], *, variant: str = _data.DEFAULT_VARIANT, strict: bool = False,
                  max_errors: Optional[int] = None, max_bytes: int = DEFAULT_MAX_BYTES) -> ValidationResult:
    """``validate`` on JSON text, with the checks of the text first."""
    loaded = load(variant)
    _type(loaded, type_name)
    return judge_text(text, lambda value, cap, skip: check(loaded, type_name, value, strict, cap, skip_paths=skip), _cap(max_errors), max_bytes)


def validate_message_text(text: Union[str, bytes, bytearray], *, variant: str = _data.DEFAULT_VARIANT, strict: bool = False,
                          method: Optional[str] = None, request: Any = None, max_errors: Optional[int] = None,
                          max_bytes: int = DEFAULT_MAX_BYTES) -> ValidationResult:
    """``validate_message`` on JSON text, with the checks of the text first."""
    loaded = load(variant)
    return judge_text(text, lambda value, cap, skip: check_message(loaded, value, method, request, strict, cap, skip), _cap(max_errors), max_bytes)


__all__ = ["DEFAULT_MAX_BYTES", "InputError", "decode", "validate_message_text", "validate_text"]

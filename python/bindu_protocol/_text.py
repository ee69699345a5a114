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
    """A parsed object that remembers the keys its text gave more than once."""

    duplicates: List[str]


class _Huge(float):
    """A number beyond the largest double, as the literal wrote it (JavaScript reads it as ±Infinity)."""

    literal: str


def _pairs(pairs: List[Tuple[str, Any]]) -> _Object:
    obj = _Object()
    obj.duplicates = []
    for key, value in pairs:
        if key in obj and key not in obj.duplicates:
            obj.duplicates.append(key)
        obj[key] = value
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
        raise InputError("syntax", "not readable: nested deeper than the JSON reader can follow") from None


def _token(key: str) -> str:
    return key.replace("~", "~0").replace("/", "~1")


def text_issues(value: Any) -> List[ValidationIssue]:
    """What the text holds that a parsed value hides: duplicate keys, lone surrogates, huge numbers."""
    found: List[ValidationIssue] = []

    def walk(node: Any, path: str) -> None:
        if isinstance(node, dict):
            for key in getattr(node, "duplicates", []):
                found.append(ValidationIssue(f"{path}/{_token(key)}", "duplicateKey",
                                             f"the key {json.dumps(key, ensure_ascii=False)} appears more than once in this object; only the last is checked",
                                             fill("duplicateKey")))
            for key, child in node.items():
                if _SURROGATE.search(key):
                    found.append(ValidationIssue(f"{path}/{_token(key)}", "unicode",
                                                 "this key holds a lone surrogate (a \\uD800-\\uDFFF escape without its pair): it is legal JSON text but not Unicode",
                                                 fill("loneSurrogate")))
                walk(child, f"{path}/{_token(key)}")
        elif isinstance(node, list):
            for index, child in enumerate(node):
                walk(child, f"{path}/{index}")
        elif isinstance(node, str) and _SURROGATE.search(node):
            found.append(ValidationIssue(path, "unicode", "holds a lone surrogate (a \\uD800-\\uDFFF escape without its pair): it is legal JSON text but not Unicode",
                                         fill("loneSurrogate")))
        elif isinstance(node, _Huge):
            literal = node.literal if len(node.literal) <= 24 else node.literal[:23] + "…"
            found.append(ValidationIssue(path, "range", f"the number {literal} is out of range: it is beyond the largest double (about 1.8e308) and reads as {'-Infinity' if node < 0 else 'Infinity'}",
                                         fill("numberRange")))

    walk(value, "")
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


def judge_text(text: Union[str, bytes, bytearray], judge: Any, max_errors: float, max_bytes: int) -> ValidationResult:
    """Parses, scans the text, then ``judge(value, max_errors, skip_paths)`` with room for the text's errors first."""
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
    return judge_text(text, lambda value, cap, _skip: check_message(loaded, value, method, request, strict, cap), _cap(max_errors), max_bytes)


__all__ = ["DEFAULT_MAX_BYTES", "InputError", "decode", "validate_message_text", "validate_text"]

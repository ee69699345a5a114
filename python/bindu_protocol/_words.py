"""Errors for people: raw issues worded as ``{path, keyword, message, hint?}``.

The hints come from the table the build exports (``data/hints.json``, written from the JavaScript
package's ``src/hint-table.ts``): the same templates, filled the same way, so a hint reads the same in
both languages. The table also holds, per variant, the other wire's spelling of each enum value.
"""
from __future__ import annotations

import json
import math
import re
from decimal import Decimal
from typing import Any, Callable, Dict, Iterable, List, Optional, Sequence, Set, Tuple

from ._data import hints
from ._explain import RawIssue, ajv_params, json_type
from .result import ValidationIssue

_ARTICLE = {
    "string": "a string", "integer": "an integer", "number": "a number", "boolean": "a boolean",
    "null": "null", "array": "an array", "object": "an object",
}
_HINT_MAX_LENGTH = 256
_SCREAMING = re.compile(r"[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+")


def fill(name: str, **values: Any) -> str:
    """The hint template ``name`` with ``{key}`` replaced by each value."""
    template: str = hints()["templates"][name]
    return re.sub(r"\{(\w+)\}", lambda m: str(values[m.group(1)]) if m.group(1) in values else m.group(0), template)


def _detail_words(item: Dict[str, Any]) -> str:
    """A typed detail by its constant fields: "a google.rpc.ErrorInfo with reason TASK_NOT_FOUND and domain a2a-protocol.org"."""
    kind = str(item["@type"]).split("/")[-1]
    fields = [f"{k} {v if isinstance(v, str) else json.dumps(v, separators=(',', ':'))}" for k, v in item.items() if k != "@type"]
    listed = "".join(fields) if len(fields) < 2 else f"{', '.join(fields[:-1])} and {fields[-1]}"
    return f"a {kind}" + (f" with {listed}" if listed else "")


def number_text(value: Any) -> str:
    """A number as JavaScript writes it (``1.0`` is ``1``)."""
    if isinstance(value, float):
        if math.isinf(value):
            return "Infinity" if value > 0 else "-Infinity"
        if value.is_integer() and abs(value) < 1e21:
            return str(int(value))
        text = repr(value)
        if "e" in text and 1e-6 <= abs(value) < 1e21:
            return format(Decimal(text), "f")
        return re.sub(r"e([+-])0*(\d)", r"e\1\2", text)
    return str(value)


_LONE = re.compile("[\ud800-\udfff]")


def _string(text: str) -> str:
    """A JSON string as JSON.stringify writes it (a lone surrogate escaped)."""
    return _LONE.sub(lambda m: f"\\u{ord(m.group(0)):04x}", json.dumps(text, ensure_ascii=False))


def to_json(value: Any) -> str:
    """Compact JSON as JavaScript's JSON.stringify writes it."""
    if isinstance(value, bool) or value is None:
        return json.dumps(value)
    if isinstance(value, (int, float)):
        return number_text(value)
    if isinstance(value, list):
        return "[" + ",".join(to_json(item) for item in value) + "]"
    if isinstance(value, dict):
        return "{" + ",".join(f"{_string(str(k))}:{to_json(v)}" for k, v in value.items()) + "}"
    if isinstance(value, str):
        return _string(value)
    return json.dumps(value, ensure_ascii=False)


def quote(value: Any, limit: int = 48) -> str:
    """A value as a message quotes it: JSON, shortened."""
    try:
        text = to_json(value)
    except RecursionError:
        text = "[…]" if isinstance(value, list) else "{…}" if isinstance(value, dict) else json_type(value)
    # Measured and cut in UTF-16 code units, as JavaScript's String#slice cuts it.
    units = text.encode("utf-16-le", "surrogatepass")
    if len(units) // 2 <= limit:
        return text
    return units[: (limit - 1) * 2].decode("utf-16-le", "surrogatepass") + "…"


def or_list(items: Sequence[str]) -> str:
    if len(items) <= 1:
        return items[0] if items else ""
    return f"{', '.join(items[:-1])} or {items[-1]}"


def _value_list(values: Sequence[Any], limit: int = 12) -> str:
    shown = [quote(v) for v in values[:limit]]
    return f"{', '.join(shown)}, … ({len(values)} values)" if len(values) > limit else or_list(shown)


def _describe(value: Any) -> str:
    kind = json_type(value)
    if kind in ("object", "array", "null"):
        return _ARTICLE[kind]
    if kind == "string":
        return f"the string {quote(value)}"
    return f"{_ARTICLE.get(kind, kind)} ({quote(value)})"


# -- hints ------------------------------------------------------------------------------------


def _units(text: str) -> Sequence[int]:
    """The UTF-16 code units of a string: lengths and distances are counted in them, as in JavaScript."""
    return memoryview(text.encode("utf-16-le", "surrogatepass")).cast("H").tolist()


def edit_distance(a: Sequence[Any], b: Sequence[Any], limit: float = math.inf) -> float:
    """Insertions, deletions and substitutions turning ``a`` into ``b``, stopping early past ``limit``."""
    if abs(len(a) - len(b)) > limit:
        return limit + 1
    previous = list(range(len(b) + 1))
    for i in range(1, len(a) + 1):
        current = [i] + [0] * len(b)
        best = i
        for j in range(1, len(b) + 1):
            cost = 0 if a[i - 1] == b[j - 1] else 1
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            best = min(best, current[j])
        if best > limit:
            return limit + 1
        previous = current
    return previous[len(b)]


def nearest(word: str, candidates: Iterable[str], count: int = 1) -> List[str]:
    """The candidates closest to ``word``, within an edit distance that grows with its length."""
    units = _units(word)
    if len(units) > _HINT_MAX_LENGTH:
        return []
    lower = word.lower()
    lower_units = _units(lower)
    limit = max(2, len(units) // 3)
    scored: List[Tuple[float, str]] = []
    for candidate in candidates:
        other = candidate.lower()
        other_units = _units(other)
        distance = edit_distance(lower_units, other_units, limit)
        if distance > limit and len(other_units) >= 4 and len(lower_units) >= 4 and (other.startswith(lower) or lower.startswith(other)):
            distance = limit
        if distance <= limit:
            scored.append((distance, candidate))
    if not scored:
        return []
    best = min(d for d, _ in scored)
    # Ties in the order of JavaScript's localeCompare: letters before their case, lower case first.
    return sorted((c for d, c in scored if d == best), key=lambda c: (c.lower(), c.swapcase()))[:count]


def _normalise_key(key: str) -> str:
    return key.lower().replace("_", "").replace("-", "")


def _key_style(key: str) -> Optional[str]:
    if "_" in key:
        return "snake_case"
    if any("A" <= c <= "Z" for c in key):
        return "camelCase"
    return None


def key_correction(key: str, declared: Iterable[str], avoid: Sequence[str] = ()) -> Optional[Tuple[str, bool]]:
    """A declared key that ``key`` is a casing variant (True) or a misspelling (False) of."""
    names = [n for n in declared if n != key and n not in avoid]
    cased = next((n for n in names if _normalise_key(n) == _normalise_key(key)), None)
    if cased is not None:
        return cased, True
    close = nearest(key, names)
    return (close[0], False) if close else None


def _key_hint(correction: Tuple[str, bool]) -> str:
    name, casing = correction
    style = _key_style(name) if casing else None
    return fill("keyCasing", key=name, style=style) if style else fill("keyNear", key=name)


def value_hint(value: Any, allowed: Sequence[Any], variant: str) -> Optional[str]:
    if isinstance(value, str) and len(_units(value)) > _HINT_MAX_LENGTH:
        return None
    strings = [item for item in allowed if isinstance(item, str)]
    if isinstance(value, str) and strings:
        same_case = next((item for item in strings if item.lower() == value.lower()), None)
        if same_case is not None:
            return fill("valueCase", value=same_case)
        spellings: Dict[str, List[str]] = hints()["wire"].get(variant, {})
        other = next((item for item in spellings.get(value, []) if item in strings), None)
        if other is not None:
            template = "valueV1Name" if _SCREAMING.fullmatch(value) else "valueV03Spelling"
            return fill(template, value=value, other=other)
        close = nearest(value, strings)
        if close:
            return fill("valueNear", value=close[0])
    if isinstance(value, str) and value.strip() != "" and not isinstance(value, bool):
        number = _as_number(value)
        if number is not None and any(isinstance(i, (int, float)) and not isinstance(i, bool) and i == number for i in allowed):
            return fill("numberUnquoted", number=number_text(number))
    if isinstance(value, (int, float)) and not isinstance(value, bool) and number_text(value) in strings:
        return fill("asString", value=number_text(value))
    return None


def _as_number(text: str) -> Optional[float]:
    """The number a string holds, as JavaScript's Number() reads decimal text (None when it is none)."""
    try:
        number = float(text.strip())
    except ValueError:
        return None
    if math.isinf(number) or math.isnan(number) or text.strip().lower() in ("inf", "infinity", "+inf", "-inf", "nan"):
        return None
    return number


def _type_hint(value: Any, types: Sequence[str], expected: Optional[Sequence[Any]]) -> Optional[str]:
    if expected is not None and len(expected) == 1:
        return fill("writeValue", value=quote(expected[0]))
    if isinstance(value, str):
        trimmed = value.strip()
        number = _as_number(trimmed) if trimmed != "" else None
        if ("integer" in types or "number" in types) and number is not None:
            if "number" in types or number.is_integer():
                return fill("numberUnquoted", number=number_text(number))
        if "boolean" in types and trimmed in ("true", "false"):
            return fill("booleanUnquoted", value=trimmed)
        if ("object" in types or "array" in types) and trimmed[:1] in ("[", "{"):
            try:
                parsed = json.loads(trimmed)
            except ValueError:
                parsed = None
            else:
                if json_type(parsed) in types:
                    return fill("jsonString", article="an array" if isinstance(parsed, list) else "an object")
    if isinstance(value, (int, float)) and not isinstance(value, bool) and "string" in types:
        return fill("asString", value=number_text(value))
    if "array" in types and not isinstance(value, list) and value is not None:
        return str(hints()["templates"]["wrapList"])
    return None


def _type_words(types: Sequence[str]) -> str:
    unique = list(dict.fromkeys(types))
    if "number" in unique and "integer" in unique:
        unique.remove("integer")
    return or_list([_ARTICLE.get(t, t) for t in unique])


def _plural(count: Any, one: str, many: str) -> str:
    return one if count == 1 else many


def word(raw: RawIssue, variant: str) -> Tuple[str, Optional[str]]:
    """The message and the hint of one raw issue."""
    p = raw.params
    value = raw.value
    keyword = raw.keyword
    wording = "enum" if p.get("merged") == "enum" else "type" if p.get("merged") == "type" else keyword
    if wording == "type":
        return f"must be {_type_words(p['types'])}, not {_describe(value)}", _type_hint(value, p["types"], p.get("expected"))
    if wording == "const":
        if p.get("discriminator") is not None:
            message = f"must be {_value_list(p['allowed'])} (the \"{p['discriminator']}\" of each alternative), not {quote(value)}"
            return message, value_hint(value, p["allowed"], variant)
        return f"must be {quote(p['allowed'][0])}, not {quote(value)}", value_hint(value, p["allowed"], variant)
    if wording == "enum":
        alternate = p.get("alternate") or []
        also = f" (also accepted: {_value_list(alternate, 6)})" if alternate else ""
        return f"must be one of {_value_list(p['allowed'])}{also}, not {quote(value)}", value_hint(value, [*p["allowed"], *alternate], variant)
    if wording == "format":
        words = hints()["formats"].get(p["format"], f'a value of format "{p["format"]}"')
        return f"must be {words}, not {quote(value)}", None
    limit = p.get("limit")
    simple: Dict[str, Callable[[], str]] = {
        "minimum": lambda: f"must be at least {number_text(limit)}, not {quote(value)}",
        "maximum": lambda: f"must be at most {number_text(limit)}, not {quote(value)}",
        "exclusiveMinimum": lambda: f"must be greater than {number_text(limit)}, not {quote(value)}",
        "exclusiveMaximum": lambda: f"must be less than {number_text(limit)}, not {quote(value)}",
        "multipleOf": lambda: f"must be a multiple of {number_text(limit)}, not {quote(value)}",
        "minLength": lambda: f"must be at least {limit} {_plural(limit, 'character', 'characters')} long",
        "maxLength": lambda: f"must be at most {limit} {_plural(limit, 'character', 'characters')} long",
        "pattern": lambda: f"must match the pattern /{p.get('pattern')}/, not {quote(value)}",
        "minItems": lambda: f"must have at least {limit} {_plural(limit, 'item', 'items')} (it has {len(value)})",
        "maxItems": lambda: f"must have at most {limit} {_plural(limit, 'item', 'items')} (it has {len(value)})",
        "uniqueItems": lambda: f"must not repeat an item (items {p.get('i')} and {p.get('j')} are equal)",
        "minProperties": lambda: f"must have at least {limit} {_plural(limit, 'property', 'properties')}",
        "maxProperties": lambda: f"must have at most {limit} {_plural(limit, 'property', 'properties')}",
        "propertyNames": lambda: "is not an allowed property name",
        "dependentRequired": lambda: f"has \"{p.get('property')}\", so it must also have \"{p.get('missingProperty')}\"",
        "false schema": lambda: "is not allowed here",
    }
    if wording in simple:
        return simple[wording](), None
    if wording == "contains":
        if p.get("item") is not None:
            words = _detail_words(p["item"])
            count = len(value)
            which = "it is empty" if count == 0 else "its one item is not" if count == 1 else f"none of its {count} items is"
            return f"must contain {words} ({which})", fill("errorDetail", item=words)
        high = p["max"]
        span = f"at least {p['min']}" if high == math.inf else f"between {p['min']} and {high}"
        return f"must contain {span} matching item(s) (it has {p['matches']})", None
    if wording == "required":
        alternatives = p.get("alternatives")
        if isinstance(alternatives, list) and len(alternatives) > 1:
            rest = or_list([f'"{k}"' for k in alternatives[1:]])
            return f"missing the required property \"{p['missingProperty']}\" (it may also be written {rest})", None
        if p.get("item") is not None:
            words = _detail_words(p["item"])
            return f"missing the required property \"{p['missingProperty']}\", which must hold {words}", fill("errorDetail", item=words)
        hint = None
        if p.get("discriminator") is not None:
            hint = fill("discriminator", property=p["discriminator"], value=quote(p.get("discriminatorValue")))
            if p.get("member"):
                member = str(p["member"])
                hint += fill("discriminatorMember", member=("an " if member[:1].lower() in "aeiou" else "a ") + member)
        return f"missing the required property \"{p['missingProperty']}\"", hint
    if wording == "oneOf":
        if isinstance(p.get("alternatives"), list):
            return f"must have exactly one of {or_list([f'{chr(34)}{k}{chr(34)}' for k in p['alternatives']])}", None
        if isinstance(p.get("presentKeys"), list):
            present = or_list([f'"{k}"' for k in p["presentKeys"]])
            present = re.sub(r" or ([^,]+)$", r" and \1", present)
            keys = or_list([f'"{k}"' for k in p["presenceKeys"]])
            return f"has {present}, but only one of {keys} may be given", str(hints()["templates"]["keepOne"])
        return f"matches more than one alternative ({or_list(p.get('passing') or [])}); it must match exactly one", None
    if wording == "not":
        if p.get("dependsOn") is not None:
            return f"must not be given together with \"{p['dependsOn']}\"", p.get("description") or str(hints()["templates"]["removeOne"])
        if p.get("absent"):
            description = p.get("description")
            return "must not be present", description if isinstance(description, str) else None
        return "matches a schema it must not match", None
    if wording == "additionalProperties":
        correction = key_correction(p["property"], p.get("declared") or ())
        return f"unknown property \"{p['property']}\"", _key_hint(correction) if correction else None
    if wording == "deprecated":
        if p.get("union"):
            canonical = p.get("canonical") or []
            alternate = p.get("alternate") or []
            index = next((i for i, item in enumerate(alternate) if json_equal_scalar(item, value)), -1)
            match = next((items for items in canonical if len(items) == len(alternate)), None)
            hint = fill("writeValue", value=quote(match[index])) if match is not None and index >= 0 else None
            return f"{quote(value)} is accepted, but it is not the canonical form", hint
        correction = key_correction(p["property"], p.get("declared") or (), p.get("deprecatedNames") or ())
        return f"\"{p['property']}\" is accepted, but it is not the canonical name", fill("canonicalName", key=correction[0]) if correction else None
    return f'fails the "{keyword}" check', None


def json_equal_scalar(a: Any, b: Any) -> bool:
    if isinstance(a, bool) or isinstance(b, bool):
        return a is b
    return type(a) in (int, float) and type(b) in (int, float) and a == b or (type(a) is type(b) and a == b)


def _detail(item: RawIssue) -> str:
    return str(item.params.get("missingProperty", item.params.get("property", "")))


def shape(raw: List[RawIssue], strict: bool, variant: str, max_errors: float, skip_paths: Optional[Set[str]] = None) -> Tuple[List[ValidationIssue], List[ValidationIssue], int]:
    """Errors, warnings and how many errors the cap left out: unknown keys are warnings (errors when
    strict), non-canonical forms errors only when strict, each defect once. A required key missing
    beside a near spelling of it is one defect (the ``required`` error carries the hint)."""
    dropped: Set[int] = set()
    extra_hints: Dict[int, str] = {}
    unknown_by_path: Dict[str, List[RawIssue]] = {}
    for other in raw:
        if other.keyword == "additionalProperties":
            unknown_by_path.setdefault(other.path, []).append(other)
    for missing in raw:
        if missing.keyword != "required" or missing.params.get("discriminator") is not None:
            continue
        candidates = unknown_by_path.get(missing.path)
        if not candidates:
            continue
        wanted = missing.params["missingProperty"]
        found = key_correction(wanted, [c.params["property"] for c in candidates])
        if found is None:
            continue
        name, casing = found
        style = _key_style(wanted)
        extra_hints[id(missing)] = (
            fill("requiredCasing", found=name, key=wanted, style=f" ({style})" if style else "") if casing else fill("requiredNear", found=name, key=wanted)
        )
        for other in candidates:
            if other.params["property"] == name:
                dropped.add(id(other))
    errors: List[ValidationIssue] = []
    warnings: List[ValidationIssue] = []
    omitted = 0
    seen: Set[Tuple[str, str, str, bool]] = set()
    for item in raw:
        if id(item) in dropped:
            continue
        if item.kind == "deprecated" and not strict:
            continue
        is_error = item.kind == "error" or strict
        if is_error and skip_paths is not None and item.path in skip_paths:
            continue
        key = (item.path, item.keyword, _detail(item), is_error)
        if key in seen:
            continue
        seen.add(key)
        message, hint = word(item, variant)
        issue = ValidationIssue(item.path, item.keyword, message, extra_hints.get(id(item), hint), ajv_params(item))
        if not is_error:
            warnings.append(issue)
        elif len(errors) < max_errors:
            errors.append(issue)
        else:
            omitted += 1
    return errors, warnings, omitted

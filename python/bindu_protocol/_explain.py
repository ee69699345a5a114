"""The explainer: walks a value against a variant's published schema and says, for people, what is wrong.

It runs only for a payload ``jsonschema`` did not pass (or, under ``strict``, to find the unknown and
non-canonical keys). It collects raw issues (a JSON Pointer, a keyword, the facts a message needs);
``_words`` words them. The rules are those of the JavaScript package:

- a key-level keyword (``required``, ``additionalProperties``) points at the object that lacks or has the key;
- an object schema in a structural place is "closable": a key it does not declare is an unknown key
  (a warning, an error under ``strict``); a key marked ``deprecated`` is an accepted, non-canonical form;
- a union reports one branch: a passing one; else the one a discriminator (a property that is a different
  constant in each member, or a key only one member requires) picks; else the closest (fewest errors, most
  keys in common, deepest first error); scalar alternatives are merged into one error listing what is allowed.
"""
from __future__ import annotations

import json
import re
from typing import Any, Dict, Iterable, List, Optional, Set, Tuple

from . import formats as _formats

Schema = Dict[str, Any]

_ANNOTATIONS = ("description", "title", "$comment")


class RawIssue:
    """One issue found: ``kind`` is ``error``, ``unknown`` (an undeclared key) or ``deprecated``."""

    __slots__ = ("kind", "path", "keyword", "value", "params")

    def __init__(self, kind: str, path: str, keyword: str, params: Dict[str, Any], value: Any = None) -> None:
        self.kind = kind
        self.path = path
        self.keyword = keyword
        self.params = params
        self.value = value


def token(key: Any) -> str:
    """One JSON Pointer token."""
    text = str(key)
    return text.replace("~", "~0").replace("/", "~1")


def json_type(value: Any) -> str:
    """The JSON type of a value as JSON Schema names it (``integer`` for whole numbers)."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int):
        return "integer"
    if isinstance(value, float):
        return "integer" if value.is_integer() else "number"
    if isinstance(value, str):
        return "string"
    if isinstance(value, list):
        return "array"
    if isinstance(value, dict):
        return "object"
    return type(value).__name__


def type_matches(name: str, value: Any) -> bool:
    if name == "string":
        return isinstance(value, str)
    if name == "integer":
        return (isinstance(value, int) and not isinstance(value, bool)) or (isinstance(value, float) and value.is_integer())
    if name == "number":
        return isinstance(value, (int, float)) and not isinstance(value, bool) and value == value and abs(value) != float("inf")
    if name == "boolean":
        return isinstance(value, bool)
    if name == "null":
        return value is None
    if name == "array":
        return isinstance(value, list)
    if name == "object":
        return isinstance(value, dict)
    return False


def json_equal(a: Any, b: Any) -> bool:
    """Equality of JSON values (``true`` is not ``1``; ``1`` is ``1.0``)."""
    if isinstance(a, bool) or isinstance(b, bool):
        return isinstance(a, bool) and isinstance(b, bool) and a == b
    if isinstance(a, (int, float)) and isinstance(b, (int, float)):
        return a == b
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(json_equal(x, y) for x, y in zip(a, b))
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(json_equal(a[k], b[k]) for k in a)
    return type(a) is type(b) and a == b


def ref_name(ref: Any) -> Optional[str]:
    if not isinstance(ref, str) or not ref.startswith("#/$defs/"):
        return None
    return ref[8:].replace("~1", "/").replace("~0", "~")


def is_deprecated(node: Any) -> bool:
    return isinstance(node, dict) and node.get("deprecated") is True


def is_open_object(node: Schema) -> bool:
    return isinstance(node.get("properties"), dict) and all(k not in node for k in ("additionalProperties", "patternProperties", "unevaluatedProperties"))


def _children(node: Schema) -> Iterable[Tuple[Schema, bool]]:
    """Every direct subschema, and whether its place is structural (it describes the whole value there)."""
    for key in ("properties", "patternProperties"):
        if isinstance(node.get(key), dict):
            yield from ((child, True) for child in node[key].values() if isinstance(child, dict))
    for key in ("items", "additionalProperties"):
        if isinstance(node.get(key), dict):
            yield node[key], True
    for key in ("anyOf", "prefixItems"):
        if isinstance(node.get(key), list):
            yield from ((child, True) for child in node[key] if isinstance(child, dict))
    # contains asks for one item of a kind, which items describes whole: it only adds a constraint
    for key in ("not", "contains", "if", "then", "else", "propertyNames", "unevaluatedProperties", "unevaluatedItems"):
        if isinstance(node.get(key), dict):
            yield node[key], False
    for key in ("allOf", "oneOf"):
        if isinstance(node.get(key), list):
            yield from ((child, False) for child in node[key] if isinstance(child, dict))
    if isinstance(node.get("dependentSchemas"), dict):
        yield from ((child, False) for child in node["dependentSchemas"].values() if isinstance(child, dict))


def partial_definitions(definitions: Dict[str, Schema]) -> Set[str]:
    """Definitions referenced (directly or not) from a place that only adds a constraint: never closed."""
    partial: Set[str] = set()
    queue: List[str] = []

    def walk(node: Schema, structural: bool) -> None:
        name = ref_name(node.get("$ref"))
        if name is not None and not structural and name not in partial:
            partial.add(name)
            queue.append(name)
        for child, child_structural in _children(node):
            walk(child, structural and child_structural)

    for name, schema in definitions.items():
        walk(schema, name not in partial)
    while queue:
        target = definitions.get(queue.pop())
        if target is not None:
            walk(target, False)
    return partial


def _is_empty(node: Any) -> bool:
    return node is True or (isinstance(node, dict) and all(k in _ANNOTATIONS for k in node))


def presence_key(node: Schema) -> Optional[str]:
    """The one key a "presence" member requires (``{type: object, required: [k]}`` and nothing else)."""
    required = node.get("required")
    if not isinstance(required, list) or len(required) != 1:
        return None
    if not all(k in ("type", "properties", "required", "description", "title", "$comment") for k in node):
        return None
    if node.get("type", "object") != "object":
        return None
    key = str(required[0])
    for name, schema in (node.get("properties") or {}).items():
        if name != key or not _is_empty(schema):
            return None
    return key


def const_discriminator(members: List[Schema]) -> Optional[Tuple[str, List[Any]]]:
    """A property that is a different constant in two or more members: the one present in the most."""
    candidates: Dict[str, List[Any]] = {}
    missing = object()
    for index, member in enumerate(members):
        properties = member.get("properties")
        if not isinstance(properties, dict):
            continue
        for name, schema in properties.items():
            if isinstance(schema, dict) and "const" in schema:
                candidates.setdefault(name, [missing] * len(members))[index] = schema["const"]
    best: Optional[Tuple[str, List[Any], int]] = None
    for name, constants in candidates.items():
        present = [c for c in constants if c is not missing]
        distinct = {repr(c) for c in present}
        if len(present) < 2 or len(distinct) != len(present):
            continue
        if best is None or len(present) > best[2]:
            best = (name, [None if c is missing else _Const(c) for c in constants], len(present))
    return None if best is None else (best[0], best[1])


class _Const:
    """A member's constant (so that a constant ``null`` differs from "no constant")."""

    __slots__ = ("value",)

    def __init__(self, value: Any) -> None:
        self.value = value


def own_required(members: List[Schema]) -> List[List[str]]:
    required: List[List[str]] = [list(m["required"]) if isinstance(m.get("required"), list) else [] for m in members]
    return [[k for k in keys if all(j == i or k not in other for j, other in enumerate(required))] for i, keys in enumerate(required)]


def contains_item(node: Any) -> Optional[Dict[str, Any]]:
    """The constant fields of a typed detail a ``contains`` asks for (a ProtoJSON ``Any`` with its ``@type``), else None."""
    if not isinstance(node, dict) or not isinstance(node.get("properties"), dict):
        return None
    item = {k: s["const"] for k, s in node["properties"].items() if isinstance(s, dict) and "const" in s}
    return item if isinstance(item.get("@type"), str) else None


def _error_count(issues: Iterable[RawIssue]) -> int:
    return sum(1 for issue in issues if issue.kind == "error")


def _shallowest(issues: Iterable[RawIssue]) -> float:
    depths = [issue.path.count("/") for issue in issues if issue.kind == "error"]
    return min(depths) if depths else float("inf")


class Explainer:
    """Explains values against the definitions of one variant."""

    def __init__(self, definitions: Dict[str, Schema]) -> None:
        self.definitions = definitions
        self.partial = partial_definitions(definitions)
        self._declared: Dict[int, Dict[str, None]] = {}
        self._patterns: Dict[str, "re.Pattern[str]"] = {}

    def explain_type(self, name: str, value: Any) -> List[RawIssue]:
        out: List[RawIssue] = []
        self.check(self.definitions[name], value, "", name not in self.partial, out)
        return out

    def explain_property(self, name: str, prop: str, value: Any) -> List[RawIssue]:
        out: List[RawIssue] = []
        self.check(self.definitions[name]["properties"][prop], value, "", name not in self.partial, out)
        return out

    # -- helpers -------------------------------------------------------------------------------

    def resolve(self, node: Schema) -> Schema:
        current = node
        for _ in range(32):
            name = ref_name(current.get("$ref"))
            target = None if name is None else self.definitions.get(name)
            if target is None:
                return current
            current = target
        return current

    def declared(self, node: Schema) -> Dict[str, None]:
        """The property names an object schema declares (its own and its ``allOf`` members'), in order."""
        key = id(node)
        names = self._declared.get(key)
        if names is None:
            names = self._declared_names(node, set())
            self._declared[key] = names
        return names

    def _declared_names(self, node: Schema, seen: Set[int]) -> Dict[str, None]:
        names: Dict[str, None] = {}
        if id(node) in seen:
            return names
        seen.add(id(node))
        if isinstance(node.get("properties"), dict):
            names.update(dict.fromkeys(node["properties"]))
        target = ref_name(node.get("$ref"))
        if target is not None and target in self.definitions:
            names.update(self._declared_names(self.definitions[target], seen))
        for member in node.get("allOf") or []:
            if isinstance(member, dict):
                names.update(self._declared_names(member, seen))
        return names

    def _regex(self, pattern: str) -> "re.Pattern[str]":
        compiled = self._patterns.get(pattern)
        if compiled is None:
            compiled = re.compile(pattern)
            self._patterns[pattern] = compiled
        return compiled

    def allowed_values(self, member: Schema) -> List[Any]:
        resolved = self.resolve(member)
        if "const" in resolved:
            return [resolved["const"]]
        if isinstance(resolved.get("enum"), list):
            return list(resolved["enum"])
        if isinstance(resolved.get("anyOf"), list):
            values: List[Any] = []
            for inner in resolved["anyOf"]:
                inner_values = self.allowed_values(inner)
                if not inner_values:
                    return []
                values.extend(inner_values)
            return values
        return []

    def member_types(self, node: Schema) -> List[str]:
        kind = node.get("type")
        if isinstance(kind, list):
            return list(kind)
        if isinstance(kind, str):
            return [kind]
        if isinstance(node.get("anyOf"), list):
            return [t for member in node["anyOf"] for t in self.member_types(self.resolve(member))]
        if "const" in node:
            return [json_type(node["const"])]
        return []

    def describe_member(self, resolved: Schema, member: Schema) -> str:
        name = ref_name(member.get("$ref"))
        if name is not None:
            return name
        if "const" in resolved:
            return json.dumps(resolved["const"], ensure_ascii=False)
        key = presence_key(resolved)
        if key is not None:
            return f'"{key}"'
        if isinstance(resolved.get("type"), str):
            return str(resolved["type"])
        return "an alternative"

    # -- the walk ------------------------------------------------------------------------------

    def check(self, node: Any, value: Any, path: str, structural: bool, out: List[RawIssue]) -> None:
        if node is True:
            return
        if node is False:
            out.append(RawIssue("error", path, "false schema", {}, value))
            return
        name = ref_name(node.get("$ref"))
        if name is not None and name in self.definitions:
            self.check(self.definitions[name], value, path, name not in self.partial, out)
        types = node.get("type")
        if types is not None:
            type_list = types if isinstance(types, list) else [types]
            if not any(type_matches(t, value) for t in type_list):
                expected = [node["const"]] if "const" in node else node.get("enum")
                out.append(RawIssue("error", path, "type", {"types": type_list, "expected": expected}, value))
                return
        if "const" in node and not json_equal(value, node["const"]):
            out.append(RawIssue("error", path, "const", {"allowed": [node["const"]]}, value))
        if isinstance(node.get("enum"), list) and not any(json_equal(v, value) for v in node["enum"]):
            out.append(RawIssue("error", path, "enum", {"allowed": node["enum"]}, value))
        if isinstance(value, str):
            self._string(node, value, path, out)
        elif isinstance(value, (int, float)) and not isinstance(value, bool):
            self._number(node, value, path, out)
        elif isinstance(value, list):
            self._array(node, value, path, structural, out)
        elif isinstance(value, dict):
            self._object(node, value, path, structural, out)
        if isinstance(node.get("anyOf"), list):
            self._union(node, node["anyOf"], value, path, structural, False, out)
        if isinstance(node.get("oneOf"), list):
            self._union(node, node["oneOf"], value, path, False, True, out)
        for member in node.get("allOf") or []:
            self.check(member, value, path, False, out)
        if "not" in node:
            inner: List[RawIssue] = []
            self.check(node["not"], value, path, False, inner)
            if _error_count(inner) == 0:
                out.append(RawIssue("error", path, "not", {"absent": _is_empty(node["not"]), "description": node.get("description")}, value))
        if "if" in node:
            inner = []
            self.check(node["if"], value, path, False, inner)
            branch = node.get("then") if _error_count(inner) == 0 else node.get("else")
            if branch is not None:
                self.check(branch, value, path, False, out)

    def _string(self, node: Schema, value: str, path: str, out: List[RawIssue]) -> None:
        fmt = node.get("format")
        if isinstance(fmt, str) and not _formats.check(fmt, value):
            out.append(RawIssue("error", path, "format", {"format": fmt}, value))
        length = len(value)
        if isinstance(node.get("minLength"), int) and length < node["minLength"]:
            out.append(RawIssue("error", path, "minLength", {"limit": node["minLength"]}, value))
        if isinstance(node.get("maxLength"), int) and length > node["maxLength"]:
            out.append(RawIssue("error", path, "maxLength", {"limit": node["maxLength"]}, value))
        pattern = node.get("pattern")
        if isinstance(pattern, str) and self._regex(pattern).search(value) is None:
            out.append(RawIssue("error", path, "pattern", {"pattern": pattern}, value))

    def _number(self, node: Schema, value: float, path: str, out: List[RawIssue]) -> None:
        for keyword in ("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf"):
            bound = node.get(keyword)
            if not isinstance(bound, (int, float)) or isinstance(bound, bool):
                continue
            if keyword == "minimum":
                ok = value >= bound
            elif keyword == "maximum":
                ok = value <= bound
            elif keyword == "exclusiveMinimum":
                ok = value > bound
            elif keyword == "exclusiveMaximum":
                ok = value < bound
            else:
                ok = bound != 0 and float(value / bound).is_integer()
            if not ok:
                out.append(RawIssue("error", path, keyword, {"limit": bound}, value))

    def _array(self, node: Schema, value: List[Any], path: str, structural: bool, out: List[RawIssue]) -> None:
        if isinstance(node.get("minItems"), int) and len(value) < node["minItems"]:
            out.append(RawIssue("error", path, "minItems", {"limit": node["minItems"]}, value))
        if isinstance(node.get("maxItems"), int) and len(value) > node["maxItems"]:
            out.append(RawIssue("error", path, "maxItems", {"limit": node["maxItems"]}, value))
        prefix = node.get("prefixItems") if isinstance(node.get("prefixItems"), list) else None
        items = node.get("items")
        for index, item in enumerate(value):
            schema = prefix[index] if prefix is not None and index < len(prefix) else items
            if schema is not None:
                self.check(schema, item, f"{path}/{index}", structural, out)
        if node.get("uniqueItems") is True:
            for i in range(len(value)):
                j = next((j for j in range(i + 1, len(value)) if json_equal(value[i], value[j])), None)
                if j is not None:
                    out.append(RawIssue("error", path, "uniqueItems", {"i": i, "j": j}, value))
                    break
        if "contains" in node:
            matches = 0
            for item in value:
                inner: List[RawIssue] = []
                self.check(node["contains"], item, path, False, inner)
                matches += _error_count(inner) == 0
            low = node.get("minContains", 1)
            high = node.get("maxContains", float("inf"))
            if matches < low or matches > high:
                params: Dict[str, Any] = {"min": low, "max": high, "matches": matches}
                item = contains_item(node["contains"])
                if item is not None:
                    params["item"] = item
                out.append(RawIssue("error", path, "contains", params, value))

    def _object(self, node: Schema, value: Dict[str, Any], path: str, structural: bool, out: List[RawIssue]) -> None:
        properties = node.get("properties") if isinstance(node.get("properties"), dict) else None
        for key in node.get("required") or []:
            if key not in value:
                child = (properties or {}).get(key)
                item = contains_item(child.get("contains")) if isinstance(child, dict) else None
                out.append(RawIssue("error", path, "required", {"missingProperty": key, "item": item} if item else {"missingProperty": key}))
        closable = structural and is_open_object(node)
        declared = self.declared(node)
        deprecated_names = [k for k, s in (properties or {}).items() if is_deprecated(s)]
        pattern_properties: Dict[str, Any] = node["patternProperties"] if isinstance(node.get("patternProperties"), dict) else {}
        additional = node.get("additionalProperties")
        for key, child in value.items():
            child_path = f"{path}/{token(key)}"
            matched = False
            if properties is not None and key in properties:
                matched = True
                schema = properties[key]
                if structural and is_deprecated(schema):
                    out.append(RawIssue("deprecated", child_path, "deprecated", {"property": key, "declared": declared, "deprecatedNames": deprecated_names}, child))
                self.check(schema, child, child_path, structural, out)
            for pattern, schema in pattern_properties.items():
                if self._regex(pattern).search(key):
                    matched = True
                    self.check(schema, child, child_path, structural, out)
            if not matched:
                if additional is False:
                    out.append(RawIssue("error", path, "additionalProperties", {"property": key, "declared": declared}, child))
                elif additional is not None and additional is not True:
                    self.check(additional, child, child_path, structural, out)
                elif closable and key not in declared:
                    out.append(RawIssue("unknown", path, "additionalProperties", {"property": key, "declared": declared}, child))
            if "propertyNames" in node:
                inner: List[RawIssue] = []
                self.check(node["propertyNames"], key, child_path, False, inner)
                if _error_count(inner) > 0:
                    out.append(RawIssue("error", child_path, "propertyNames", {"property": key}, key))
        count = len(value)
        if isinstance(node.get("minProperties"), int) and count < node["minProperties"]:
            out.append(RawIssue("error", path, "minProperties", {"limit": node["minProperties"]}, value))
        if isinstance(node.get("maxProperties"), int) and count > node["maxProperties"]:
            out.append(RawIssue("error", path, "maxProperties", {"limit": node["maxProperties"]}, value))
        for key, needed in (node.get("dependentRequired") or {}).items():
            if key in value:
                for other in needed:
                    if other not in value:
                        out.append(RawIssue("error", path, "dependentRequired", {"property": key, "missingProperty": other}))
        for key, schema in (node.get("dependentSchemas") or {}).items():
            if key in value and isinstance(schema, dict):
                inner = []
                self.check(schema, value, path, False, inner)
                for issue in inner:
                    if issue.keyword == "not":
                        issue.params = {**issue.params, "dependsOn": key}
                    out.append(issue)

    def _union(self, node: Schema, members: List[Schema], value: Any, path: str, structural: bool, exactly_one: bool, out: List[RawIssue]) -> None:
        results: List[Tuple[int, Schema, List[RawIssue], int]] = []
        for index, member in enumerate(members):
            issues: List[RawIssue] = []
            self.check(member, value, path, structural, issues)
            results.append((index, member, issues, _error_count(issues)))
        passing = [r for r in results if r[3] == 0]
        presence = [presence_key(self.resolve(m)) for m in members]
        all_presence = all(k is not None for k in presence)
        if exactly_one and len(passing) > 1:
            out.append(RawIssue("error", path, "oneOf", {
                "passing": [self.describe_member(self.resolve(r[1]), r[1]) for r in passing],
                "presentKeys": [presence[r[0]] for r in passing] if all_presence else None,
                "presenceKeys": presence if all_presence else None,
            }, value))
            return
        if passing:
            def rank(r: Tuple[int, Schema, List[RawIssue], int]) -> int:
                return (1000 if structural and is_deprecated(r[1]) else 0) + len(r[2])

            best = passing[0]
            for r in passing[1:]:
                if rank(r) < rank(best):
                    best = r
            if structural and is_deprecated(best[1]):
                out.append(RawIssue("deprecated", path, "deprecated", {
                    "union": True,
                    "canonical": [self.allowed_values(m) for m in members if not is_deprecated(m)],
                    "alternate": self.allowed_values(best[1]),
                }, value))
            out.extend(best[2])
            return
        if all_presence and isinstance(value, dict):
            out.append(RawIssue("error", path, "oneOf" if exactly_one else "required", {
                "missingProperty": presence[0], "alternatives": presence, "exactlyOne": exactly_one, "description": node.get("description"),
            }))
            return
        scalar = all(len(r[2]) == 1 and r[2][0].path == path and r[2][0].keyword in ("type", "const", "enum") for r in results)
        if scalar:
            canonical: List[Any] = []
            alternate: List[Any] = []
            types: List[str] = []
            type_fits = False
            for r in results:
                resolved = self.resolve(r[1])
                (alternate if structural and is_deprecated(r[1]) else canonical).extend(self.allowed_values(r[1]))
                for t in self.member_types(resolved):
                    if t not in types:
                        types.append(t)
                if r[2][0].keyword != "type":
                    type_fits = True
            has_values = len(canonical) + len(alternate) > 0
            meant = [r for r in results if any(type_matches(t, value) for t in self.member_types(self.resolve(r[1])))]
            meant_keyword = meant[0][2][0].keyword if len(meant) == 1 and meant[0][2][0].keyword != "type" else None
            if meant_keyword is not None:
                keyword = meant_keyword
            elif not (has_values and type_fits) and len(types) == 1:
                keyword = "type"
            else:
                keyword = "oneOf" if exactly_one else "anyOf"
            if has_values and type_fits:
                params: Dict[str, Any] = {"merged": "enum", "allowed": canonical or alternate, "alternate": alternate if canonical else []}
            else:
                params = {"merged": "type", "types": types}
            out.append(RawIssue("error", path, keyword, params, value))
            return
        out.extend(self._select(members, results, value, path))

    def _select(self, members: List[Schema], results: List[Tuple[int, Schema, List[RawIssue], int]], value: Any, path: str) -> List[RawIssue]:
        resolved = [self.resolve(m) for m in members]

        def score(r: Tuple[int, Schema, List[RawIssue], int]) -> Tuple[float, ...]:
            root_type = 1 if any(i.path == path and i.keyword == "type" for i in r[2]) else 0
            overlap = len([k for k in value if k in self.declared(resolved[r[0]])]) if isinstance(value, dict) else 0
            return (root_type, r[3], -overlap, -_shallowest(r[2]), r[0])

        def closest(candidates: List[Tuple[int, Schema, List[RawIssue], int]]) -> Tuple[int, Schema, List[RawIssue], int]:
            return min(candidates, key=score)

        if isinstance(value, dict):
            discriminator = const_discriminator(resolved)
            if discriminator is not None:
                prop, constants = discriminator
                allowed = [c.value for c in constants if c is not None]
                if prop in value:
                    matches = [r for r in results if constants[r[0]] is not None and json_equal(constants[r[0]].value, value[prop])]
                    if len(matches) == 1:
                        return matches[0][2]
                    fallback = [r for r in results if constants[r[0]] is None]
                    if fallback:
                        return closest(fallback)[2]
                    return [RawIssue("error", f"{path}/{token(prop)}", "const", {"discriminator": prop, "allowed": allowed}, value[prop])]
                chosen = closest([r for r in results if constants[r[0]] is not None])
                picked = constants[chosen[0]]
                issues = []
                for issue in chosen[2]:
                    if issue.path == path and issue.keyword == "required" and issue.params.get("missingProperty") == prop:
                        issue = RawIssue(issue.kind, issue.path, issue.keyword, {
                            **issue.params, "discriminator": prop, "discriminatorValue": picked.value if picked else None,
                            "member": self.describe_member(resolved[chosen[0]], chosen[1]),
                        }, issue.value)
                    issues.append(issue)
                return issues
            own = own_required(resolved)
            if any(own):
                present = [r for r in results if any(k in value for k in own[r[0]])]
                if len(present) == 1:
                    return present[0][2]
                if len(present) > 1:
                    return closest(present)[2]
        return closest(results)[2]


_COMPARISON = {"minimum": ">=", "maximum": "<=", "exclusiveMinimum": ">", "exclusiveMaximum": "<"}


def ajv_params(raw: RawIssue) -> Dict[str, Any]:
    """The params of a raw issue in ajv's convention (what a program reads instead of the words), as the JavaScript
    package gives them: the explainer's facts under ajv's keys, and the few the package adds (``alternatives``,
    ``discriminator``, ``deprecatedProperty``)."""
    p = raw.params
    keyword = raw.keyword
    if p.get("merged") == "enum":
        return {"allowedValues": [*p["allowed"], *(p.get("alternate") or [])]}
    if p.get("merged") == "type" or keyword == "type":
        return {"type": ",".join(p["types"])}
    if keyword == "const":
        if p.get("discriminator") is not None:
            return {"allowedValues": p["allowed"], "discriminator": p["discriminator"]}
        return {"allowedValue": p["allowed"][0]}
    if keyword == "enum":
        return {"allowedValues": p["allowed"]}
    if keyword == "format":
        return {"format": p["format"]}
    if keyword in _COMPARISON:
        return {"comparison": _COMPARISON[keyword], "limit": p["limit"]}
    if keyword == "multipleOf":
        return {"multipleOf": p["limit"]}
    if keyword in ("minLength", "maxLength", "minItems", "maxItems", "minProperties", "maxProperties"):
        return {"limit": p["limit"]}
    if keyword == "pattern":
        return {"pattern": p["pattern"]}
    if keyword == "uniqueItems":
        return {"i": p["i"], "j": p["j"]}
    if keyword == "contains":
        if p["max"] == float("inf"):
            return {"minContains": p["min"]}
        return {"minContains": p["min"], "maxContains": p["max"]}
    if keyword == "propertyNames":
        return {"propertyName": p["property"]}
    if keyword == "dependentRequired":
        return {"property": p["property"], "missingProperty": p["missingProperty"]}
    if keyword == "required":
        params: Dict[str, Any] = {"missingProperty": p["missingProperty"]}
        if isinstance(p.get("alternatives"), list):
            params["alternatives"] = p["alternatives"]
        if p.get("discriminator") is not None:
            params["discriminator"] = p["discriminator"]
        return params
    if keyword == "oneOf":
        if isinstance(p.get("alternatives"), list):
            return {"missingProperty": p["missingProperty"], "alternatives": p["alternatives"]}
        if isinstance(p.get("presentKeys"), list):
            return {"passingSchemas": None, "presentKeys": p["presentKeys"]}
        return {"passingSchemas": None}
    if keyword == "not":
        return {"dependsOn": p["dependsOn"]} if p.get("dependsOn") is not None else {}
    if keyword == "additionalProperties":
        return {"additionalProperty": p["property"]}
    if keyword == "deprecated":
        return {"deprecatedValue": raw.value} if p.get("union") else {"deprecatedProperty": p["property"]}
    return {}

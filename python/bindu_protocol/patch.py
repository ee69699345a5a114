"""JSON Pointer (RFC 6901) and JSON Patch (RFC 6902): every operation, applied to a deep copy."""
from __future__ import annotations

import copy
import re
from typing import Any, Dict, List

from ._explain import json_equal


class PatchError(ValueError):
    """A patch that does not apply (the operation's index and why)."""


def parse_pointer(pointer: str) -> List[str]:
    if pointer == "":
        return []
    if not pointer.startswith("/"):
        raise PatchError(f'"{pointer}" is not a JSON Pointer (it must be empty or start with "/")')
    tokens = pointer[1:].split("/")
    for token in tokens:
        if re.search(r"~[^01]|~$", token):
            raise PatchError(f'"{pointer}" has an invalid escape (only ~0 and ~1 are allowed)')
    return [token.replace("~1", "/").replace("~0", "~") for token in tokens]


def _index(token: str, length: int, pointer: str, allow_end: bool) -> int:
    if allow_end and token == "-":
        return length
    if not re.fullmatch(r"0|[1-9][0-9]*", token):
        raise PatchError(f'"{pointer}": "{token}" is not an array index')
    index = int(token)
    if index > length or (not allow_end and index == length):
        raise PatchError(f'"{pointer}": index {index} is out of range (length {length})')
    return index


_MISSING = object()


def resolve(document: Any, pointer: str) -> Any:
    """The value ``pointer`` designates, or ``_MISSING``."""
    current = document
    for token in parse_pointer(pointer):
        if isinstance(current, list):
            if not re.fullmatch(r"0|[1-9][0-9]*", token) or int(token) >= len(current):
                return _MISSING
            current = current[int(token)]
        elif isinstance(current, dict):
            if token not in current:
                return _MISSING
            current = current[token]
        else:
            return _MISSING
    return current


def found(document: Any, pointer: str) -> bool:
    try:
        return resolve(document, pointer) is not _MISSING
    except PatchError:
        return False


def _get(document: Any, pointer: str) -> Any:
    value = resolve(document, pointer)
    if value is _MISSING:
        raise PatchError(f'"{pointer}" does not exist')
    return value


def _parent(document: Any, pointer: str) -> Any:
    tokens = parse_pointer(pointer)
    parent = resolve(document, "".join("/" + t.replace("~", "~0").replace("/", "~1") for t in tokens[:-1]))
    if parent is _MISSING:
        raise PatchError(f'"{pointer}": the parent location does not exist')
    if not isinstance(parent, (list, dict)):
        raise PatchError(f'"{pointer}": the parent is not an object or an array')
    return parent, tokens[-1]


def _add(document: Any, pointer: str, value: Any) -> Any:
    if pointer == "":
        return value
    parent, token = _parent(document, pointer)
    if isinstance(parent, list):
        parent.insert(_index(token, len(parent), pointer, True), value)
    else:
        parent[token] = value
    return document


def _remove(document: Any, pointer: str) -> Any:
    if pointer == "":
        raise PatchError("cannot remove the whole document")
    parent, token = _parent(document, pointer)
    if isinstance(parent, list):
        return parent.pop(_index(token, len(parent), pointer, False))
    if token not in parent:
        raise PatchError(f'"{pointer}": there is no member "{token}" to remove')
    return parent.pop(token)


def apply_patch(document: Any, operations: List[Dict[str, Any]]) -> Any:
    """The document after ``operations`` (RFC 6902); the given document is not changed."""
    result = copy.deepcopy(document)
    for index, operation in enumerate(operations):
        op = operation.get("op")
        path = operation.get("path")
        try:
            if not isinstance(path, str):
                raise PatchError('"path" must be a string')
            if op in ("add", "replace", "test") and "value" not in operation:
                raise PatchError(f'"{op}" needs a "value"')
            if op in ("move", "copy") and not isinstance(operation.get("from"), str):
                raise PatchError(f'"{op}" needs a "from" pointer')
            if op == "add":
                result = _add(result, path, copy.deepcopy(operation["value"]))
            elif op == "remove":
                _remove(result, path)
            elif op == "replace":
                _get(result, path)
                if path == "":
                    result = copy.deepcopy(operation["value"])
                else:
                    _remove(result, path)
                    result = _add(result, path, copy.deepcopy(operation["value"]))
            elif op == "move":
                source = operation["from"]
                if path != source and path.startswith(source + "/"):
                    raise PatchError(f'cannot move "{source}" into its own child "{path}"')
                if path != source:
                    value = _get(result, source)
                    _remove(result, source)
                    result = _add(result, path, value)
            elif op == "copy":
                result = _add(result, path, copy.deepcopy(_get(result, operation["from"])))
            elif op == "test":
                if not json_equal(_get(result, path), operation["value"]):
                    raise PatchError(f'test failed: "{path}" does not equal the given value')
            else:
                raise PatchError(f'unknown operation "{op}"')
        except PatchError as error:
            raise PatchError(f"operation {index} ({op} {path}): {error}") from None
    return result

"""``validate``, ``validate_property`` and ``validate_message``: the verdicts of the JavaScript package.

A payload first meets the variant's generated closed validator (``closed/<variant>.py``, plain functions
made by the build from the same schemas): when it passes, the payload is valid, strict or not, with no
warnings, and nothing else runs. Otherwise the verdict is ``jsonschema``'s (Draft 2020-12, the formats of
``formats.py``) against the variant's published bundle. Under ``strict`` a payload must also be in the canonical, closed form: no unknown key
and no accepted-but-non-canonical spelling. What is wrong is said by the explainer (``_explain``),
worded by ``_words``.
"""
from __future__ import annotations

from functools import lru_cache
from importlib import import_module
from typing import Any, Callable, Dict, List, Optional, Set, Tuple, Union

import jsonschema  # type: ignore[import]

from . import _data
from ._explain import Explainer, RawIssue
from ._words import nearest, quote, shape, fill
from .formats import format_checker
from .result import ValidationIssue, ValidationResult

DEFAULT_MAX_ERRORS = 100
#: JSON-RPC 2.0's implementation-defined server errors, allowed for every method unless the catalogue names them.
SERVER_ERROR_CODES = (-32099, -32000)


class _Variant:
    """A variant's schemas, compiled lazily, and its method registry."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.bundle = _data.bundle(name)
        self.meta = _data.meta(name)
        self.definitions: Dict[str, Any] = self.bundle["$defs"]
        self.types: List[str] = list(self.meta["types"])
        self.methods: Dict[str, Dict[str, Any]] = {m["method"]: m for m in self.meta["methods"]}
        self.explainer = Explainer(self.definitions)
        self._validators: Dict[Tuple[str, Optional[str]], Any] = {}
        self._checker = format_checker()
        closed = import_module(f"{__package__}.closed.{name.replace('-', '_')}")
        self.closed_types: Dict[str, Callable[[Any], bool]] = closed.TYPES
        self.closed_parts: Dict[str, Callable[[Any], bool]] = closed.PARTS

    def closed(self, type_name: str, prop: Optional[str]) -> Optional[Callable[[Any], bool]]:
        """The generated closed validator of a type (or of its method part), if there is one."""
        return self.closed_types.get(type_name) if prop is None else self.closed_parts.get(f"{type_name}.{prop}")

    def validator(self, type_name: str, prop: Optional[str] = None) -> Any:
        key = (type_name, prop)
        found = self._validators.get(key)
        if found is None:
            root = {k: v for k, v in self.bundle.items() if k not in ("title", "description")}
            if prop is None:
                schema = {**root, "$ref": f"#/$defs/{type_name}"}
            else:
                schema = {**root, **self.definitions[type_name]["properties"][prop]}
            found = jsonschema.Draft202012Validator(schema, format_checker=self._checker)
            self._validators[key] = found
        return found

    def type_error(self, type_name: object) -> TypeError:
        near = nearest(type_name, self.types, 3) if isinstance(type_name, str) else []
        names = f" (did you mean {', '.join(f'{chr(34)}{n}{chr(34)}' for n in near)}?)" if near else ""
        return TypeError(f'unknown type "{type_name}" in variant "{self.name}"{names}')


@lru_cache(maxsize=None)
def load(variant: str) -> _Variant:
    return _Variant(_data.check_variant(variant))


def _cap(max_errors: Optional[int]) -> float:
    if max_errors is None:
        return DEFAULT_MAX_ERRORS
    if isinstance(max_errors, bool) or not isinstance(max_errors, int) or max_errors < 0:
        raise TypeError(f"max_errors must be a whole number, 0 or more (0 reports every error), not {max_errors!r}")
    return float("inf") if max_errors == 0 else max_errors


def _too_deep() -> ValidationIssue:
    return ValidationIssue("", "depth", "is nested deeper than the validator can follow (the Python recursion limit ran out)", fill("tooDeep"))


def _fallback(error: Optional[Any]) -> ValidationIssue:
    """An error of jsonschema in the reported shape (used only when the explainer finds nothing)."""
    if error is None:
        return ValidationIssue("", "schema", "does not match the schema")
    path = "".join("/" + str(p).replace("~", "~0").replace("/", "~1") for p in error.absolute_path)
    return ValidationIssue(path, str(error.validator), str(error.message))


def check(variant: _Variant, type_name: str, value: Any, strict: bool, max_errors: float,
          prop: Optional[str] = None, skip_paths: Optional[Set[str]] = None) -> ValidationResult:
    """The verdict on ``value`` as ``type_name`` (or its property ``prop``) of a loaded variant."""
    closed = variant.closed(type_name, prop)
    if closed is not None:
        try:
            if closed(value):
                return ValidationResult(True, [], [])
        except RecursionError:
            pass
    try:
        validator = variant.validator(type_name, prop)
        raw: List[RawIssue]
        try:
            raw = variant.explainer.explain_property(type_name, prop, value) if prop else variant.explainer.explain_type(type_name, value)
        except RecursionError:
            raise
        except Exception:  # noqa: BLE001 - the verdict stands without the words
            raw = []
        try:
            valid = bool(validator.is_valid(value))
        except RecursionError:
            # jsonschema recurses where the schema does not look (a deep value under an open key): the explainer,
            # which got through, decides.
            valid = not any(issue.kind == "error" for issue in raw)
        errors, warnings, omitted = shape(raw, strict, variant.name, max_errors, skip_paths)
        if valid and not strict:
            return ValidationResult(True, [], warnings)
        if valid and strict and not errors and not omitted:
            return ValidationResult(True, [], warnings)
        if errors or omitted:
            return ValidationResult(False, errors, warnings, omitted)
        try:
            first = next(iter(validator.iter_errors(value)), None)
        except RecursionError:
            first = None
        last = _fallback(first)
        return ValidationResult(False, [] if skip_paths and last.path in skip_paths else [last], warnings)
    except RecursionError:
        return ValidationResult(False, [_too_deep()], [])


def _type(variant: _Variant, type_name: str) -> str:
    if not isinstance(type_name, str) or type_name not in variant.definitions:
        raise variant.type_error(type_name)
    return type_name


def validate(type_name: str, value: Any, *, variant: str = _data.DEFAULT_VARIANT, strict: bool = False,
             max_errors: Optional[int] = None) -> ValidationResult:
    """Checks ``value`` against the type ``type_name`` of ``variant``.

    Raises ``TypeError`` when the variant has no such type and ``ValueError`` for an unknown variant
    (programming errors); everything about the value is in the result.
    """
    loaded = load(variant)
    return check(loaded, _type(loaded, type_name), value, strict, _cap(max_errors))


def validate_property(type_name: str, prop: str, value: Any, *, variant: str = _data.DEFAULT_VARIANT,
                      strict: bool = False, max_errors: Optional[int] = None) -> ValidationResult:
    """Checks ``value`` as the property ``prop`` of ``type_name``: a request's ``params``, a success response's ``result``."""
    loaded = load(variant)
    _type(loaded, type_name)
    properties = loaded.definitions[type_name].get("properties") or {}
    if prop not in properties:
        raise TypeError(f'type "{type_name}" of variant "{variant}" has no "{prop}" property to validate')
    return check(loaded, type_name, value, strict, _cap(max_errors), prop=prop)


# -- JSON-RPC messages ---------------------------------------------------------------------------


def _method_hint(variant: _Variant, name: str) -> str:
    for other in _data.VARIANTS:
        if other != variant.name and name in load(other).methods:
            return fill("methodElsewhere", method=name, variant=other)
    names = list(variant.methods)
    near = nearest(name, names, 3)
    if near:
        return fill("methodNear", names=" or ".join(f'"{m}"' for m in near))
    return fill("methodList", variant=variant.name, names=", ".join(f'"{m}"' for m in names))


def _response_method(variant: _Variant, method: Optional[str], request: Any) -> Union[Dict[str, Any], ValidationIssue]:
    if method is not None:
        found = variant.methods.get(method)
        if found is None:
            raise TypeError(f'unknown method "{method}" in variant "{variant.name}" ({_method_hint(variant, method)})')
        return found
    only = "so it was checked as a JSON-RPC response only (envelope, id, error object), and its result against no method"
    requested = request.get("method") if isinstance(request, dict) else None
    if isinstance(requested, str):
        found = variant.methods.get(requested)
        if found is not None:
            return found
        return ValidationIssue("", "method", f"the request it answers names the method {quote(requested)}, which the {variant.name} variant does not have, {only}",
                               _method_hint(variant, requested))
    return ValidationIssue("", "method", f"cannot tell which method this response answers, {only}", fill("responseMethod"))


def _code_warning(variant: _Variant, method: Optional[Dict[str, Any]], error: Any) -> Optional[ValidationIssue]:
    if not isinstance(error, dict):
        return None
    code = error.get("code")
    if isinstance(code, bool) or not isinstance(code, (int, float)) or not float(code).is_integer():
        return None
    catalogue: Dict[str, int] = variant.meta["errors"]
    declared = [(e["name"], e["code"]) for e in method["errors"] if e["code"] is not None] if method else list(catalogue.items())
    if any(known == code for _, known in declared):
        return None
    named = next((name for name, known in catalogue.items() if known == code), None)
    if named is None and SERVER_ERROR_CODES[0] <= code <= SERVER_ERROR_CODES[1]:
        return None
    listed = ", ".join(f"{known} {name}" for name, known in declared)
    code_text = str(int(code))
    if method:
        return ValidationIssue("/error/code", "code", f"error code {code_text}{f' ({named})' if named else ''} is not one that \"{method['method']}\" declares",
                               fill("codeDeclared", method=method["method"], list=listed))
    return ValidationIssue("/error/code", "code", f"error code {code_text} is not one the {variant.name} variant defines",
                           fill("codeCatalogue", variant=variant.name, list=listed))


def _error_info_warning(variant: _Variant, error: Any) -> Optional[ValidationIssue]:
    """On the v1.0 wire: an A2A error without the google.rpc.ErrorInfo its revision recommends (SHOULD, v1.0.1 §9.5)."""
    rule = variant.meta.get("errorInfo")
    if rule is None or rule["level"] == "MUST" or not isinstance(error, dict):
        return None
    code = error.get("code")
    if isinstance(code, bool) or not isinstance(code, (int, float)) or not float(code).is_integer():
        return None
    reason = rule["reasons"].get(str(int(code)))
    if reason is None:
        return None
    data = error.get("data")
    is_list = isinstance(data, list)
    if isinstance(data, list) and any(isinstance(item, dict) and item.get("@type") == rule["type"] and item.get("reason") == reason
                       and item.get("domain") == rule["domain"] for item in data):
        return None
    wanted = f"google.rpc.ErrorInfo with reason {reason} and domain {rule['domain']}"
    said = f"{'holds no' if is_list else 'has no data, so no'} {wanted}, which A2A v{rule['revision']} §{rule['section']} says an A2A error {rule['level']} carry (a SHOULD: a warning, not an error)"
    return ValidationIssue("/error/data" if is_list else "/error", "errorInfo", said,
                           fill("errorInfo", type=rule["type"], reason=reason, domain=rule["domain"]))


def _limit(result: ValidationResult, max_errors: float) -> ValidationResult:
    if len(result.errors) <= max_errors:
        return result
    keep = int(max_errors)
    return ValidationResult(result.valid, result.errors[:keep], result.warnings, result.omitted + len(result.errors) - keep)


def _request(variant: _Variant, message: Dict[str, Any], method: Optional[str], strict: bool, max_errors: float,
             skip_paths: Optional[Set[str]] = None) -> ValidationResult:
    name = message["method"]
    if not isinstance(name, str):
        return ValidationResult(False, [ValidationIssue("/method", "type", f"must be a string (the method name), not {quote(name)}", None, {"type": "string"})])
    found = variant.methods.get(name)
    if found is None:
        return ValidationResult(False, [ValidationIssue("/method", "method", f"unknown method {quote(name)} in the {variant.name} variant", _method_hint(variant, name), {"method": name})])
    checked = check(variant, found["request"], message, strict, max_errors, skip_paths=skip_paths)
    if method is not None and method != name:
        wrong = ValidationIssue("/method", "method", f"is {quote(name)}, but the expected method is {quote(method)}")
        return _limit(ValidationResult(False, [wrong, *checked.errors], checked.warnings, checked.omitted), max_errors)
    return checked


def _response(variant: _Variant, message: Dict[str, Any], method: Optional[str], request: Any, strict: bool, max_errors: float,
              skip_paths: Optional[Set[str]] = None) -> ValidationResult:
    known = _response_method(variant, method, request)
    found = known if isinstance(known, dict) else None
    extra: List[ValidationIssue] = []
    if isinstance(request, dict) and "id" in request and message.get("id", None) is not None and "id" in message and message["id"] != request["id"]:
        extra.append(ValidationIssue("/id", "id", f"is {quote(message['id'])}, but the request's id is {quote(request['id'])}",
                                     fill("responseId")))
    first = next(iter(variant.methods.values()), None)
    if "error" in message:
        type_name = found["response"] if found else ("JSONRPCErrorResponse" if "JSONRPCErrorResponse" in variant.definitions else first and first["response"])
        if type_name is None:
            return ValidationResult(False, [ValidationIssue("", "method", f"the {variant.name} variant has no methods")])
        checked = check(variant, type_name, message, strict, max_errors, skip_paths=skip_paths)
        warning = _code_warning(variant, found, message["error"])
        if warning is not None:
            extra.append(warning)
        missing = _error_info_warning(variant, message["error"])
        if missing is not None:
            extra.append(missing)
    else:
        type_name = found["successResponse"] if found else ("JSONRPCSuccessResponse" if "JSONRPCSuccessResponse" in variant.definitions else first and first["successResponse"])
        if type_name is None:
            return ValidationResult(False, [ValidationIssue("", "method", f"the {variant.name} variant has no methods")])
        checked = check(variant, type_name, message, strict, max_errors, skip_paths=skip_paths)
    if isinstance(known, ValidationIssue) and ("error" not in message or request is not None):
        extra.append(known)
    if not extra:
        return checked
    return ValidationResult(checked.valid, checked.errors, [*checked.warnings, *extra], checked.omitted)


def _prefix(issues: List[ValidationIssue], index: int) -> List[ValidationIssue]:
    return [ValidationIssue(f"/{index}{i.path}", i.keyword, i.message, i.hint, i.params) for i in issues]


def check_message(variant: _Variant, message: Any, method: Optional[str], request: Any, strict: bool, max_errors: float,
                  skip_paths: Optional[Set[str]] = None) -> ValidationResult:
    """``skip_paths``: where the text holds a number beyond a double (reported by the text's checks): the schema's
    errors there are left out, as in JavaScript."""
    if isinstance(message, list):
        if not message:
            return ValidationResult(False, [ValidationIssue("", "minItems", "is an empty batch: a JSON-RPC batch holds at least one message", None, {"limit": 1})])
        errors: List[ValidationIssue] = []
        warnings: List[ValidationIssue] = []
        omitted = 0
        for index, member in enumerate(message):
            if isinstance(member, list):
                errors.append(ValidationIssue(f"/{index}", "type", "must be a JSON-RPC request or response (an object), not an array: a batch cannot hold another batch", None, {"type": "object"}))
                continue
            checked = check_message(variant, member, method, None if isinstance(request, list) else request, strict, max_errors, skip_paths)
            room = max(int(min(max_errors, 1 << 62)) - len(errors), 0)
            errors.extend(_prefix(checked.errors[:room], index))
            omitted += max(len(checked.errors) - room, 0) + checked.omitted
            warnings.extend(_prefix(checked.warnings, index))
        return _limit(ValidationResult(not errors and omitted == 0, errors, warnings, omitted), max_errors)
    if not isinstance(message, dict):
        what = "null" if message is None else quote(message)
        return ValidationResult(False, [ValidationIssue("", "type", f"must be a JSON-RPC request or response (an object), not {what}")])
    if "method" in message:
        return _request(variant, message, method, strict, max_errors, skip_paths)
    if "result" in message or "error" in message:
        return _response(variant, message, method, request, strict, max_errors, skip_paths)
    return ValidationResult(False, [ValidationIssue("", "required", 'is neither a request (it has no "method") nor a response (it has no "result" or "error")')])


def validate_message(message: Any, *, variant: str = _data.DEFAULT_VARIANT, strict: bool = False, method: Optional[str] = None,
                     request: Any = None, max_errors: Optional[int] = None) -> ValidationResult:
    """Checks a JSON-RPC request, response or batch: a request's ``method`` decides what it is checked
    as; a response is checked as the success or error response of ``method`` (or of ``request``'s
    method). An unknown method in a request is an ordinary error at ``/method``. Raises ``TypeError``
    only for an unknown ``method`` argument, ``ValueError`` for an unknown variant."""
    return check_message(load(variant), message, method, request, strict, _cap(max_errors))

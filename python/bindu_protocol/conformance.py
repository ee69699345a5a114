"""The conformance runner: every case of the fixtures the package carries, through this package's validators.

A valid case passes when the data is accepted. An invalid case passes when it is rejected and every error
the fixture names (path and keyword) is among those reported; other errors may be reported too, and
messages are never compared. Fixtures: ``{description, target: {type} | {method, part}, tests: [{id,
valid, data | from + patch, errors?}]}``; ``from`` names a valid case of the same file.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional, Sequence, Tuple

from . import _data
from ._validate import load, validate, validate_message, validate_property
from .patch import PatchError, apply_patch, found
from .result import ValidationIssue, ValidationResult


@dataclass
class CaseOutcome:
    """One case run: its id (``a2a/Task#valid-minimal``), what the fixture expects, what was reported."""

    id: str
    valid: bool
    passed: bool
    reported: List[ValidationIssue] = field(default_factory=list)
    reason: Optional[str] = None
    #: What the validator said (True: accepted).
    verdict: Optional[bool] = None


@dataclass
class VariantReport:
    variant: str
    files: int
    outcomes: List[CaseOutcome]
    problems: List[str]

    @property
    def passed(self) -> int:
        return sum(1 for o in self.outcomes if o.passed)

    @property
    def failed(self) -> int:
        return len(self.outcomes) - self.passed + len(self.problems)


def _verdict(result: ValidationResult, promote_code: bool = False) -> Tuple[bool, List[ValidationIssue]]:
    errors = list(result.errors)
    if promote_code:
        errors += [w for w in result.warnings if w.keyword == "code" and w.path == "/error/code"]
    return not errors, errors


def check_target(variant: str, target: Dict[str, Any], data: Any) -> Tuple[bool, List[ValidationIssue]]:
    """The verdict and the reported errors for data as a fixture target (a type, or a part of a method)."""
    if "type" in target:
        return _verdict(validate(target["type"], data, variant=variant))
    loaded = load(variant)
    method = loaded.methods.get(target["method"])
    if method is None:
        raise ValueError(f'unknown method "{target["method"]}"')
    part = target["part"]
    if part == "request":
        return _verdict(validate(method["request"], data, variant=variant))
    if part == "params":
        return _verdict(validate_property(method["request"], "params", data, variant=variant))
    if part == "result":
        return _verdict(validate_property(method["successResponse"], "result", data, variant=variant))
    if part == "response":
        return _verdict(validate(method["successResponse"], data, variant=variant))
    if part == "error":
        if isinstance(data, dict) and "error" in data and "method" not in data:
            return _verdict(validate_message(data, variant=variant, method=method["method"]), promote_code=True)
        fallback = "JSONRPCErrorResponse" if "JSONRPCErrorResponse" in loaded.definitions else method["response"]
        return _verdict(validate(fallback, data, variant=variant))
    raise ValueError(f'unknown part "{part}"')


def cases(variant: str) -> Tuple[List[Tuple[str, Dict[str, Any], Dict[str, Any], Any]], List[str], int]:
    """Every case of a variant's fixtures, resolved: ``(full id, target, raw case, data)``; and the problems found."""
    files = _data.fixtures(variant)
    out: List[Tuple[str, Dict[str, Any], Dict[str, Any], Any]] = []
    problems: List[str] = []
    for path, groups in files.items():
        stem = path.rsplit("/", 1)[-1][: -len(".json")]
        by_id = {raw["id"]: raw for group in groups for raw in group["tests"]}
        resolved: Dict[str, Any] = {}

        def resolve(case_id: str, chain: Sequence[str]) -> Any:
            if case_id in resolved:
                return resolved[case_id]
            raw = by_id[case_id]
            if "from" not in raw:
                data = raw.get("data")
            else:
                base = by_id.get(raw["from"])
                if base is None or not base.get("valid") or raw["from"] in chain:
                    raise PatchError(f'"from" names "{raw["from"]}", which is not a valid case of this file (or loops)')
                data = apply_patch(resolve(raw["from"], [*chain, raw["from"]]), raw.get("patch", []))
            resolved[case_id] = data
            return data

        for group in groups:
            for raw in group["tests"]:
                full_id = f"{variant}/{stem}#{raw['id']}"
                try:
                    data = resolve(raw["id"], [raw["id"]])
                except PatchError as error:
                    problems.append(f"{full_id}: {error}")
                    continue
                dangling = [e for e in raw.get("errors", []) if not found(data, e["path"])]
                if dangling:
                    problems.append(f"{full_id}: expected error path {dangling[0]['path']!r} designates nothing in the data")
                    continue
                out.append((full_id, group["target"], raw, data))
    return out, problems, len(files)


def run_case(variant: str, full_id: str, target: Dict[str, Any], raw: Dict[str, Any], data: Any) -> CaseOutcome:
    expected_valid = bool(raw["valid"])
    try:
        accepted, reported = check_target(variant, target, data)
    except Exception as error:  # noqa: BLE001 - a failing validator is a failed case, reported
        return CaseOutcome(full_id, expected_valid, False, [], f"the validator failed: {error}")
    if expected_valid:
        if accepted:
            return CaseOutcome(full_id, True, True, reported, verdict=True)
        return CaseOutcome(full_id, True, False, reported, "expected valid, but the validator reported errors", verdict=False)
    if accepted:
        return CaseOutcome(full_id, False, False, reported, "expected invalid, but the validator accepted the data", verdict=True)
    missing = [e for e in raw.get("errors", []) if not any(r.path == e["path"] and r.keyword == e["keyword"] for r in reported)]
    if missing:
        got = ", ".join(f"{r.path or chr(34) * 2} {r.keyword}" for r in reported)
        shown = ", ".join(f"{m['path'] or chr(34) * 2} {m['keyword']}" for m in missing)
        return CaseOutcome(full_id, False, False, reported, f"expected error not reported: {shown} (the validator reported: {got})", verdict=False)
    return CaseOutcome(full_id, False, True, reported, verdict=False)


def run_variant(variant: str) -> VariantReport:
    found_cases, problems, files = cases(variant)
    outcomes = [run_case(variant, *case) for case in found_cases]
    return VariantReport(variant, files, outcomes, problems)


def run(variants: Optional[Sequence[str]] = None) -> List[VariantReport]:
    """Runs the bundled suite of each variant (every variant by default)."""
    return [run_variant(_data.check_variant(v)) for v in (variants or _data.VARIANTS)]


def format_report(reports: Sequence[VariantReport]) -> str:
    lines: List[str] = []
    failures = [(o.id, o.reason) for r in reports for o in r.outcomes if not o.passed]
    failures += [("fixture", p) for r in reports for p in r.problems]
    if failures:
        lines.append("failures:")
        lines += [f"  {case_id}  ({reason})" for case_id, reason in failures]
    for r in reports:
        valid = sum(1 for o in r.outcomes if o.valid)
        lines.append(f"{r.variant}: {len(r.outcomes)} cases ({valid} valid, {len(r.outcomes) - valid} invalid) in {r.files} files: "
                     f"{r.passed} passed, {len(r.outcomes) - r.passed} failed; {len(r.problems)} fixture problems")
    lines.append(f"{sum(r.passed for r in reports)} passed, {sum(r.failed for r in reports)} failed")
    return "\n".join(lines) + "\n"

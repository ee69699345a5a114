"""The result shape, the same as the JavaScript package's: ``valid``, ``errors``, ``warnings``, ``omitted``; each issue
``{path, keyword, message, hint?, params}``."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional


@dataclass(frozen=True)
class ValidationIssue:
    """One reported problem."""

    #: JSON Pointer of the value at fault ("" is the whole payload); for ``required`` and
    #: ``additionalProperties``, the object that lacks or has the key.
    path: str
    #: The JSON Schema keyword that failed (``type``, ``required``, ``enum``, …), or ``method``/``code``.
    keyword: str
    #: What is wrong, in plain words.
    message: str
    #: How to fix it, when the package can tell.
    hint: Optional[str] = None
    #: The facts of the issue for a program, in ajv's convention and with the JavaScript package's values:
    #: ``missingProperty`` (required), ``additionalProperty`` (an unknown key), ``allowedValues`` (enum),
    #: ``allowedValue`` (const), ``type``, ``format``, ``limit`` and ``comparison`` (bounds), ``pattern``, … (``{}`` when none).
    params: Dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> Dict[str, Any]:
        """``{path, keyword, message, hint?, params}`` as the JavaScript package and ``--json`` write it."""
        out: Dict[str, Any] = {"path": self.path, "keyword": self.keyword, "message": self.message}
        if self.hint is not None:
            out["hint"] = self.hint
        out["params"] = self.params
        return out


@dataclass(frozen=True)
class ValidationResult:
    """A verdict: ``valid`` is True when there are no errors (warnings do not count)."""

    valid: bool
    errors: List[ValidationIssue] = field(default_factory=list)
    warnings: List[ValidationIssue] = field(default_factory=list)
    #: How many errors ``max_errors`` left out of ``errors``.
    omitted: int = 0
    #: Set by ``validate_text`` when the text could not be read as JSON at all (size, encoding, syntax).
    input_error: Optional[str] = None

    def __bool__(self) -> bool:
        return self.valid

    def to_dict(self) -> Dict[str, Any]:
        out: Dict[str, Any] = {
            "valid": self.valid,
            "errors": [e.to_dict() for e in self.errors],
            "warnings": [w.to_dict() for w in self.warnings],
        }
        if self.omitted:
            out["omitted"] = self.omitted
        if self.input_error is not None:
            out["inputError"] = self.input_error
        return out

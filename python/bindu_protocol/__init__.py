"""bindu_protocol: the Bindu agent protocol (A2A v0.3.0, Bindu's extensions, A2A v1.0, aion) for Python.

    from bindu_protocol import validate, validate_message
    result = validate("Task", payload, variant="a2a-v1")
    for error in result.errors:
        print(error.path, error.message, error.hint)

The schemas, the method registry and the hints are the ones the JavaScript package ``bindu-protocol``
is built from; both give the same verdicts. TypedDicts of every type are in ``bindu_protocol.types``.
"""
from typing import List

from ._data import DEFAULT_VARIANT, VARIANTS, bundle, meta
from ._text import validate_message_text, validate_text
from ._validate import validate, validate_message, validate_property
from .result import ValidationIssue, ValidationResult

__all__ = [
    "DEFAULT_VARIANT", "VARIANTS", "ValidationIssue", "ValidationResult", "bundle", "meta", "types_of", "methods_of",
    "validate", "validate_message", "validate_message_text", "validate_property", "validate_text",
]


def types_of(variant: str = DEFAULT_VARIANT) -> List[str]:
    """The type names of a variant."""
    return list(meta(variant)["types"])


def methods_of(variant: str = DEFAULT_VARIANT) -> List[str]:
    """The JSON-RPC method names of a variant."""
    return [m["method"] for m in meta(variant)["methods"]]

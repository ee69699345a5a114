"""The data the build put in the package: schema bundles, method registries, the hint table, fixtures."""
from __future__ import annotations

import json
from functools import lru_cache
from importlib import resources
from typing import Any, Dict

#: The variants, in the order the JavaScript package lists them.
VARIANTS = ("a2a", "bindu", "a2a-v1", "aion")
DEFAULT_VARIANT = "bindu"


def _read(name: str) -> Any:
    node = resources.files(__package__).joinpath("data")
    for part in name.split("/"):
        node = node.joinpath(part)
    return json.loads(node.read_text(encoding="utf-8"))


def check_variant(variant: str) -> str:
    if variant not in VARIANTS:
        raise ValueError(f'unknown variant "{variant}" (the variants are {", ".join(VARIANTS)})')
    return variant


@lru_cache(maxsize=None)
def bundle(variant: str) -> Dict[str, Any]:
    """The JSON Schema 2020-12 bundle of a variant (``$defs`` keyed by type name)."""
    return _read(f"{check_variant(variant)}.schema.json")  # type: ignore[no-any-return]


@lru_cache(maxsize=None)
def meta(variant: str) -> Dict[str, Any]:
    """Types, methods (request, responses, declared errors), the error catalogue and method parts."""
    return _read(f"{check_variant(variant)}.meta.json")  # type: ignore[no-any-return]


@lru_cache(maxsize=None)
def hints() -> Dict[str, Any]:
    return _read("hints.json")  # type: ignore[no-any-return]


@lru_cache(maxsize=None)
def fixtures(variant: str) -> Dict[str, Any]:
    """The conformance fixture files of a variant, by path (``a2a/types/Task.json`` → content)."""
    return _read(f"conformance/{check_variant(variant)}.json")  # type: ignore[no-any-return]

"""The Python bench: bindu_protocol.validate against the Python peers, in one process, on the same payloads.

    python bench/python/run.py PAYLOADS.json OFFICIAL_SCHEMA.json [--quick]

PAYLOADS.json is a list of {"name", "variant", "type", "official", "value"} (bench/run.ts writes it from the
conformance fixtures); OFFICIAL_SCHEMA.json is the official A2A v0.3.0 JSON Schema (draft-07). Run with the
interpreter of `scripts/python-venv.sh bench` and `python/` on PYTHONPATH. Contenders on each payload:

- ours: ``bindu_protocol.validate(type, value, variant=...)``, the whole call a user makes (its result object);
- fastjsonschema, jsonschema (Draft7Validator.is_valid, with a format checker) and jsonschema-rs
  (``validator_for(...).is_valid``), each on the official schema;
- pydantic v2: ``TypeAdapter`` over the generated TypedDict of the type (``bindu_protocol.types.<variant>``).

Every contender runs for a fixed time in turn, several interleaved rounds; a rate is calls per second of the
process's CPU time, its median over the rounds is kept, and a ratio to a peer is the median of the rounds' ratios
(both measured in the same round). Prints a Markdown table and, last, one JSON line with the figures.
"""
from __future__ import annotations

import importlib
import importlib.metadata
import json
import platform
import sys
import time
from typing import Any, Callable, Dict, List, Optional, Tuple

import fastjsonschema  # type: ignore[import]
import jsonschema  # type: ignore[import]
import jsonschema_rs  # type: ignore[import]
import pydantic

import bindu_protocol

QUICK = "--quick" in sys.argv
CASE_S = 0.1 if QUICK else 0.3
ROUNDS = 3 if QUICK else 7


def run_for(fn: Callable[[], Any], seconds: float) -> float:
    """Calls per CPU second of ``fn``, run for about ``seconds`` of wall time."""
    calls = 0
    batch = 1
    end = time.perf_counter() + seconds
    start = time.process_time()
    while time.perf_counter() < end:
        for _ in range(batch):
            fn()
        calls += batch
        if batch < 1024:
            batch *= 2
    used = time.process_time() - start
    return calls / max(used, 1e-9)


def median(values: List[float]) -> float:
    ordered = sorted(values)
    return ordered[len(ordered) // 2]


def contenders(payload: Dict[str, Any], official: Dict[str, Any]) -> List[Tuple[str, Optional[Callable[[], Any]]]]:
    value = payload["value"]
    variant = payload["variant"]
    type_name = payload["type"]
    schema = {**official, "$ref": f"#/definitions/{payload['official']}"} if payload.get("official") else None
    out: List[Tuple[str, Optional[Callable[[], Any]]]] = []
    out.append(("ours", lambda: bindu_protocol.validate(type_name, value, variant=variant)))
    if schema is not None:
        fast = fastjsonschema.compile(schema)
        out.append(("fastjsonschema", lambda: fast(value)))
        slow = jsonschema.Draft7Validator(schema, format_checker=jsonschema.Draft7Validator.FORMAT_CHECKER)
        out.append(("jsonschema", lambda: slow.is_valid(value)))
        rust = jsonschema_rs.validator_for(schema)
        out.append(("jsonschema-rs", lambda: rust.is_valid(value)))
    else:
        out.extend([("fastjsonschema", None), ("jsonschema", None), ("jsonschema-rs", None)])
    types = importlib.import_module(f"bindu_protocol.types.{variant.replace('-', '_')}")
    typed = getattr(types, type_name, None)
    if typed is not None:
        adapter = pydantic.TypeAdapter(typed)
        out.append(("pydantic TypeAdapter", lambda: adapter.validate_python(value)))
    else:
        out.append(("pydantic TypeAdapter", None))
    return out


def check_valid(name: str, fn: Callable[[], Any]) -> None:
    """Each contender must accept the payload (a peer that rejects it would be timed on another path)."""
    try:
        answer = fn()
    except Exception as error:  # noqa: BLE001 - reported, not timed
        raise SystemExit(f"{name} rejects the payload: {type(error).__name__}: {str(error)[:300]}") from None
    if answer is False or (name == "ours" and not answer.valid):
        raise SystemExit(f"{name} rejects the payload: {answer}")


def main() -> None:
    payloads = json.load(open(sys.argv[1], encoding="utf-8"))
    official = json.load(open(sys.argv[2], encoding="utf-8"))
    names = ["ours", "fastjsonschema", "jsonschema", "jsonschema-rs", "pydantic TypeAdapter"]
    versions = {n: importlib.metadata.version(n) for n in ("fastjsonschema", "jsonschema", "jsonschema-rs", "pydantic")}
    print(f"Python {platform.python_version()} ({platform.python_implementation()}); "
          + ", ".join(f"{n} {v}" for n, v in versions.items()))
    print()
    print(f"| payload | bytes | {' | '.join(names)} | ours ÷ fastjsonschema (spread) | ours ÷ jsonschema-rs | ours ÷ pydantic |")
    print(f"|---|---:|{'---:|' * len(names)}---:|---:|---:|")
    figures: List[Dict[str, Any]] = []
    for payload in payloads:
        present = [(n, fn) for n, fn in contenders(payload, official) if fn is not None]
        for n, fn in present:
            check_valid(n, fn)
        for _, fn in present:
            run_for(fn, CASE_S / 2)
        samples: Dict[str, List[float]] = {n: [] for n, _ in present}
        for _ in range(ROUNDS):
            for n, fn in present:
                samples[n].append(run_for(fn, CASE_S))
        rates = {n: median(s) for n, s in samples.items()}

        def vs(peer: str) -> Optional[Tuple[float, float, float]]:
            if peer not in samples:
                return None
            ratios = [a / b for a, b in zip(samples["ours"], samples[peer])]
            return median(ratios), min(ratios), max(ratios)

        fast, rust, pyd = vs("fastjsonschema"), vs("jsonschema-rs"), vs("pydantic TypeAdapter")
        size = len(json.dumps(payload["value"], separators=(",", ":"), ensure_ascii=False).encode("utf-8"))
        cells = [f"{rates[n]:,.0f}" if n in rates else "—" for n in names]
        spread = f"**{fast[0]:.2f}×** ({fast[1]:.2f}–{fast[2]:.2f})" if fast else "—"
        print(f"| {payload['variant']} {payload['name']} | {size:,} | {' | '.join(cells)} | {spread} | "
              f"{f'{rust[0]:.2f}×' if rust else '—'} | {f'{pyd[0]:.2f}×' if pyd else '—'} |")
        figures.append({"name": payload["name"], "variant": payload["variant"], "bytes": size, "rates": rates,
                        "vsFastjsonschema": fast[0] if fast else None, "vsJsonschemaRs": rust[0] if rust else None,
                        "vsPydantic": pyd[0] if pyd else None})
    print()
    print(json.dumps({"python": platform.python_version(), "versions": versions, "figures": figures}))


if __name__ == "__main__":
    main()

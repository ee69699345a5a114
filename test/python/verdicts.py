"""Reads NDJSON requests on stdin, writes one verdict per line: the Python side of test/python/*.slow.test.ts.

Each request: {"variant", "type"?, "method"?, "part"?, "message"?: true, "strict"?: bool, "value"}. A type is
checked with validate; "message" with validate_message; a method part as the conformance runner checks it.
"""
import json
import sys

from bindu_protocol import validate, validate_message
from bindu_protocol.conformance import check_target


def issues(items):
    return [{"path": i.path, "keyword": i.keyword, "message": i.message, **({"hint": i.hint} if i.hint else {})} for i in items]


for line in sys.stdin:
    if not line.strip():
        continue
    request = json.loads(line)
    variant = request["variant"]
    try:
        if "part" in request:
            valid, errors = check_target(variant, {"method": request["method"], "part": request["part"]}, request["value"])
            answer = {"valid": valid, "errors": issues(errors), "warnings": []}
        elif request.get("message"):
            result = validate_message(request["value"], variant=variant, strict=request.get("strict", False))
            answer = {"valid": result.valid, "errors": issues(result.errors), "warnings": issues(result.warnings)}
        else:
            result = validate(request["type"], request["value"], variant=variant, strict=request.get("strict", False), max_errors=0)
            answer = {"valid": result.valid, "errors": issues(result.errors), "warnings": issues(result.warnings)}
    except Exception as error:  # reported, so the test shows which input broke
        answer = {"exception": f"{type(error).__name__}: {error}"}
    sys.stdout.write(json.dumps(answer) + "\n")

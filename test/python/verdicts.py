"""Reads NDJSON requests on stdin, writes one verdict per line: the Python side of test/python/*.slow.test.ts.

Each request: {"variant", "type"?, "method"?, "part"?, "message"?: true, "strict"?: bool, "value" | "text"}. A type
is checked with validate (validate_text for "text", a string of JSON text, or a list of byte values); "message" with
validate_message (validate_message_text); a method part as the conformance runner checks it.
"""
import json
import sys

from bindu_protocol import validate, validate_message, validate_message_text, validate_text
from bindu_protocol.conformance import check_target


def issues(items):
    return [{"path": i.path, "keyword": i.keyword, "message": i.message, **({"hint": i.hint} if i.hint else {}), "params": i.params} for i in items]


for line in sys.stdin:
    if not line.strip():
        continue
    request = json.loads(line)
    variant = request["variant"]
    try:
        if "part" in request:
            valid, errors = check_target(variant, {"method": request["method"], "part": request["part"]}, request["value"])
            answer = {"valid": valid, "errors": issues(errors), "warnings": []}
        else:
            strict = request.get("strict", False)
            text = request.get("text")
            if isinstance(text, list):
                text = bytes(text)
            if request.get("message"):
                options = {"variant": variant, "strict": strict, "method": request.get("method"), "max_errors": 0}
                result = validate_message(request["value"], **options) if text is None else validate_message_text(text, **options)
            elif text is None:
                result = validate(request["type"], request["value"], variant=variant, strict=strict, max_errors=0)
            else:
                result = validate_text(request["type"], text, variant=variant, strict=strict, max_errors=0)
            answer = {"valid": result.valid, "errors": issues(result.errors), "warnings": issues(result.warnings), "inputError": result.input_error}
    except Exception as error:  # reported, so the test shows which input broke
        answer = {"exception": f"{type(error).__name__}: {error}"}
    sys.stdout.write(json.dumps(answer) + "\n")

"""cropsim's model protocol (version 1) over stdio, for the editor in editor.py.

One JSON request per line on standard input, exactly one JSON reply line per request on
standard output, flushed at once; logs go to standard error only. See docs/model-protocol.md.

    cropsim run Scenarios --model "python3 Examples/python/main.py"
"""

import json
import math
import sys

sys.dont_write_bytecode = True   # leave no __pycache__ beside the example

import editor  # noqa: E402  (after the line above)
from editor import Editor, Refused, Unsupported  # noqa: E402

PROTOCOL = 1
IDENTITY = {
    "model": {"name": "python-example", "version": "1.0"},
    "capabilities": ["doubleTap", "slider", "voiceOverSteps", "recenter", "haptics", "animations",
                     "tips", "grid", "confirm", "upload", "memoryFallback", "exifOrientations",
                     "resize", "reduceMotion", "cropRect", "readout"],
    "policies": {"limitHaptics": "perAxis", "sliderMapping": "linear", "incrementStep": "fivePercent",
                 "transitionSpring": "zeta0.7", "resizeKeeps": "scaledPose"},
}

NOT_SUPPORTED, MALFORMED_REQUEST, CRASH = 10, 12, 13
NON_FINITE = {"NaN": math.nan, "Infinity": math.inf, "-Infinity": -math.inf}


def decode_numbers(value):
    """Requests write non-finite numbers as the strings "NaN", "Infinity", "-Infinity"."""
    if isinstance(value, dict):
        return {k: decode_numbers(v) for k, v in value.items()}
    if isinstance(value, list):
        return [decode_numbers(v) for v in value]
    return NON_FINITE.get(value, value) if isinstance(value, str) else value


def encode_numbers(value):
    """The reverse, for replies: a float that is not finite becomes its string."""
    if isinstance(value, float) and not math.isfinite(value):
        return "NaN" if math.isnan(value) else "Infinity" if value > 0 else "-Infinity"
    if isinstance(value, dict):
        return {k: encode_numbers(v) for k, v in value.items()}
    if isinstance(value, list):
        return [encode_numbers(v) for v in value]
    return value


def encode(reply: dict) -> str:
    """One line of JSON; floats in their shortest round-trip form (Python's repr)."""
    try:
        return json.dumps(reply, separators=(",", ":"), allow_nan=False)
    except ValueError:            # a non-finite number somewhere: spell it as a string
        return json.dumps(encode_numbers(reply), separators=(",", ":"), allow_nan=False)


class ProtocolError(Exception):
    def __init__(self, code: int, message: str):
        super().__init__(message)
        self.code = code


class Server:
    """Holds the open session and answers requests."""

    def __init__(self):
        self.editor = None
        self.last_state: dict = {}

    def handle(self, request: dict) -> dict:
        kind = request.get("type")
        if kind == "hello":
            if PROTOCOL not in request.get("protocol", []):
                raise ProtocolError(NOT_SUPPORTED, f"this model speaks protocol {PROTOCOL} only")
            return {"type": "hello", "protocol": PROTOCOL, **IDENTITY}
        if kind == "open":
            self.editor, self.last_state = None, {}
            try:
                ed, effects = Editor.open(decode_numbers(request))
            except Refused as refusal:
                return {"type": "refused", "message": str(refusal)}
            self.editor, self.last_state = ed, ed.state()
            reply = {"type": "opened", "state": self.last_state}
            if effects:
                reply["effects"] = effects
            return reply
        if kind == "step":
            if self.editor is None:
                raise ProtocolError(MALFORMED_REQUEST, "step before a successful open")
            return {"type": "stepped", "results": [self.step(op) for op in request["ops"]]}
        raise ProtocolError(MALFORMED_REQUEST, f"unknown request type {kind!r}")

    def step(self, op) -> dict:
        ed = self.editor
        if op == "tick":
            effects = ed.tick()
        elif isinstance(op, dict) and isinstance(op.get("type"), str):
            effects = ed.apply(decode_numbers(op))
        else:
            raise ProtocolError(MALFORMED_REQUEST, f"not an op: {op!r}")
        result = {}
        if effects:
            result["effects"] = effects
        # Only the fields that changed since the last result.
        state, last = ed.state(), self.last_state
        delta = {k: v for k, v in state.items() if k not in last or last[k] != v}
        if delta:
            last.update(delta)
            result["state"] = delta
        return result


def answer(server: Server, line: bytes) -> dict:
    request_id = None
    try:
        request = json.loads(line)
        if not isinstance(request, dict):
            raise ProtocolError(MALFORMED_REQUEST, "a request is a JSON object")
        request_id = request.get("id")
        reply = server.handle(request)
    except ProtocolError as error:
        reply = {"type": "error", "code": error.code, "message": str(error)}
    except Unsupported as error:
        reply = {"type": "error", "code": NOT_SUPPORTED, "message": str(error)}
    except (ValueError, KeyError, TypeError) as error:
        reply = {"type": "error", "code": MALFORMED_REQUEST, "message": f"{type(error).__name__}: {error}"}
    except Exception as error:  # keep running: one bad request must not end the session
        reply = {"type": "error", "code": CRASH, "message": f"{type(error).__name__}: {error}"}
    if reply["type"] == "error":
        print(f"python-example: request {request_id}: {reply['message']}", file=sys.stderr, flush=True)
    reply["id"] = request_id
    return reply


def main() -> None:
    server = Server()
    out = sys.stdout
    print(f"python-example {IDENTITY['model']['version']} ({editor.__name__}.py) ready", file=sys.stderr, flush=True)
    for line in sys.stdin.buffer:
        if line.strip():
            out.write(encode(answer(server, line)) + "\n")
            out.flush()


if __name__ == "__main__":
    main()

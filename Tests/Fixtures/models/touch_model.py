#!/usr/bin/env python3
"""A touch-level model (docs/model-protocol.md#touches) that answers touches wrongly, for the
tests of touch replies: it declares `touches`, opens like an editor that never moves, and answers
the first step carrying a touch the way MODE says:

  error    an error reply (code 13)
  short    one result fewer than the ops sent
  garbage  a line that is not JSON
  unknown  a result with a state field no model has
"""
import json
import sys

mode = sys.argv[1]
STATE = {"scale": 0.5125, "tx": 0, "ty": 0, "angle": 0}


def reply(message):
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


for line in sys.stdin:
    request = json.loads(line)
    kind, rid = request["type"], request["id"]
    if kind == "hello":
        reply({"type": "hello", "id": rid, "protocol": 1, "model": {"name": "touch-hostile", "version": "1"},
               "capabilities": ["touches"], "policies": {"inputTiming": "atFrameEnd"}})
    elif kind == "open":
        reply({"type": "opened", "id": rid, "effects": [{"type": "announce", "message": "voiceOverIntro"}], "state": STATE})
    elif not any(isinstance(op, dict) and op.get("type") == "touch" for op in request["ops"]):
        reply({"type": "stepped", "id": rid, "results": [{} for _ in request["ops"]]})
    elif mode == "error":
        reply({"type": "error", "id": rid, "code": 13, "message": "touch phase not handled"})
    elif mode == "short":
        reply({"type": "stepped", "id": rid, "results": [{} for _ in request["ops"][1:]]})
    elif mode == "garbage":
        sys.stdout.write("pointerdown at 146,426\n")
        sys.stdout.flush()
    else:
        reply({"type": "stepped", "id": rid, "results": [{"state": {"pointer": 1}} for _ in request["ops"]]})

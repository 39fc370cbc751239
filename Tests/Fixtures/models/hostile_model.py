#!/usr/bin/env python3
"""A model process that misbehaves on purpose, for scripts/check-models.

It speaks the model protocol (docs/model-protocol.md) by passing every request to the
reference editor's server (REFERENCE_MODEL, a path) and its replies back, and breaks the
protocol the way MODE says once the session has run TICKS ticks:

  crash      killed by SIGSEGV          hang       stops answering
  garbage    a reply that is not JSON   huge       a 100 MB line without a newline
  nan        the scale is "NaN"         exit0      exits with status 0
  flood      100 MB on stderr, otherwise correct
  linger     correct, but ignores its input closing and SIGTERM
  version    answers the handshake with protocol 2
  silent     never answers the handshake
  nohello    answers the handshake with something else
  badopen    answers open with an opened state that has no pose (issue 34: the sentinel)
  effects    one step reply carrying 250,000 valid haptic effects (issue 34: the flood)
  steperror  an error reply to the first step that carries an event (issue 32: filed as "open")
  closeout   closes its standard output and runs on (issue 34: reported as hung after the deadline)
  setsid     starts a grandchild in a session of its own that holds standard output, then exits
             (issue 34: reported as hung, and the grandchild outlived cropsim)
  stubborn   ignores SIGINT and SIGTERM and stops answering (issue 34: Ctrl-C left it running)

With HOSTILE_PIDS set, every process it starts appends its pid and process group to that file (the checks look for
survivors by pid and process group).
"""
import json
import os
import signal
import subprocess
import sys
import time

mode = sys.argv[1]
after = int(sys.argv[2]) if len(sys.argv) > 2 else 30

def note_pid(pid):
    if os.environ.get("HOSTILE_PIDS"):
        with open(os.environ["HOSTILE_PIDS"], "a") as f:
            f.write("%d %d\n" % (pid, os.getpgid(pid)))


note_pid(os.getpid())
if mode == "stubborn":
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
if mode == "silent":
    time.sleep(3600)
if mode == "linger":
    signal.signal(signal.SIGTERM, signal.SIG_IGN)

reference = subprocess.Popen([os.environ["REFERENCE_MODEL"]], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
note_pid(reference.pid)
ticks = 0


def forward(line):
    reference.stdin.write(line)
    reference.stdin.flush()
    return reference.stdout.readline()


def emit(text):
    sys.stdout.write(text)
    sys.stdout.flush()


def misbehave(request, reply):
    """The broken reply, or None to send the true one."""
    if mode == "crash":
        sys.stderr.write("about to crash: tick %d\n" % ticks)
        sys.stderr.flush()
        os.kill(os.getpid(), signal.SIGSEGV)
    if mode == "closeout":
        os.close(1)
        time.sleep(3600)
    if mode == "setsid":
        pid = os.fork()
        if pid == 0:
            os.setsid()
            note_pid(os.getpid())
            time.sleep(3600)
            os._exit(0)
        time.sleep(0.2)  # the grandchild is in its session and has noted its pid
        os._exit(0)
    if mode in ("hang", "stubborn"):
        sys.stderr.write("stuck\n")
        sys.stderr.flush()
        time.sleep(3600)
    if mode == "garbage":
        return "this is not json\n"
    if mode == "huge":
        chunk = "a" * (1 << 20)
        for _ in range(100):
            sys.stdout.write(chunk)
        sys.stdout.flush()
        time.sleep(3600)
    if mode == "exit0":
        sys.exit(0)
    if mode == "effects":
        message = json.loads(reply)
        haptic = {"type": "haptic", "kind": "success"}
        message["results"][0]["effects"] = [haptic] * 250_000
        return json.dumps(message, separators=(",", ":")) + "\n"
    if mode == "steperror" and any(op != "tick" for op in request["ops"]):
        return json.dumps({"type": "error", "id": request["id"], "message": "cannot apply this op"}) + "\n"
    if mode == "nan":
        message = json.loads(reply)
        for result in message.get("results", []):
            result.setdefault("state", {})["scale"] = "NaN"
        return json.dumps(message) + "\n"
    return None


for raw in sys.stdin.buffer:
    request = json.loads(raw)
    if mode == "nohello" and request["type"] == "hello":
        emit(json.dumps({"type": "opened", "id": request["id"]}) + "\n")
        continue
    if mode == "version" and request["type"] == "hello":
        emit(json.dumps({"type": "hello", "id": request["id"], "protocol": 2, "model": {"name": "hostile", "version": "1"},
                         "capabilities": []}) + "\n")
        continue
    reply = forward(raw).decode()
    if request["type"] == "open":
        ticks = 0
        if mode == "badopen":
            reply = json.dumps({"type": "opened", "id": request["id"], "state": {"grid": True}}) + "\n"
    if request["type"] == "step":
        ticks += sum(1 for op in request["ops"] if op == "tick")
        if ticks >= after:
            broken = misbehave(request, reply)
            if broken is not None:
                reply = broken
    if mode == "flood" and request["type"] == "step":
        line = "flood " * 170 + "\n"
        for _ in range(100):
            sys.stderr.write(line * 1000)  # 100 MB in all, before the reply
        sys.stderr.write("the last line\n")
    emit(reply)

if mode == "linger":
    time.sleep(3600)

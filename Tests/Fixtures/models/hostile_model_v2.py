#!/usr/bin/env python3
"""A model process that offers protocol version 2 (docs/model-protocol.md#version-2-binary) and
breaks its framing on purpose, for scripts/check-models.

It passes every request to the reference editor's server (REFERENCE_MODEL, a path, run with
`--offer 2`) and its replies back, and from the step request number AFTER on (counting from 0)
answers the way MODE says:

  absurd     a reply header claiming 4 GiB
  badmagic   a version-1 JSON line instead of a frame
  trunchang  half of the true reply frame, then silence
  truncexit  half of the true reply frame, then exit 0
  garbage    the true reply to open, then bytes that are no frame (read as the step's reply)
  trailing   the true reply with 3 bytes more inside its payload, after the last result
  morecount  the true reply claiming one result more than the ops sent
  lesscount  the true reply claiming one result fewer
  nan        every result sets the scale to a NaN whose payload is cropsim's own placeholder
  inf        every result sets tx to +infinity
  badflag    a result whose `grid` flag is 7
  badtag     a result with the unknown field tag 99
  hugejson   a result whose json part claims 2 GiB inside a short frame
  v2ok       nothing: a correct version-2 model

With HOSTILE_PIDS set, every process it starts appends its pid and process group to that file.
"""
import os
import struct
import subprocess
import sys
import time

mode = sys.argv[1]
after = int(sys.argv[2]) if len(sys.argv) > 2 else 0
MAGIC = 0xB2


def note_pid(pid):
    if os.environ.get("HOSTILE_PIDS"):
        with open(os.environ["HOSTILE_PIDS"], "a") as f:
            f.write("%d %d\n" % (pid, os.getpgid(pid)))


note_pid(os.getpid())
reference = subprocess.Popen([os.environ["REFERENCE_MODEL"], "--offer", "2"], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
note_pid(reference.pid)
stdin, stdout = sys.stdin.buffer, sys.stdout.buffer


def exactly(stream, n):
    data = b""
    while len(data) < n:
        more = stream.read(n - len(data))
        if not more:
            sys.exit(0)
        data += more
    return data


def frame(stream):
    header = exactly(stream, 6)
    return header, exactly(stream, struct.unpack("<I", header[2:])[0])


def emit(data):
    stdout.write(data)
    stdout.flush()


def results(count, body):
    return struct.pack("<I", count) + body * count


def broken(request, header, payload):
    """The bytes to send instead of the true reply (header + payload)."""
    whole = header + payload
    rid, count = payload[:8], struct.unpack("<I", payload[8:12])[0]
    ops = struct.unpack("<I", request[8:12])[0]
    def frame_of(body):
        return bytes([MAGIC, header[1]]) + struct.pack("<I", len(body)) + body
    if mode == "absurd":
        return bytes([MAGIC, 0x52]) + struct.pack("<I", 0xFFFFFFFF)
    if mode == "badmagic":
        return b'{"type":"stepped","id":2,"results":[]}\n'
    if mode in ("trunchang", "truncexit"):
        emit(whole[: len(whole) // 2])
        if mode == "truncexit":
            os._exit(0)
        time.sleep(3600)
    if mode == "trailing":
        return frame_of(payload + b"\x00\x00\x00")
    if mode in ("morecount", "lesscount"):
        return frame_of(rid + struct.pack("<I", count + (1 if mode == "morecount" else -1)) + payload[12:])
    if mode == "nan":
        return frame_of(rid + results(ops, b"\x01" + struct.pack("<Q", 0x7FF8000000007ADE) + b"\x00"))
    if mode == "inf":
        return frame_of(rid + results(ops, b"\x02" + struct.pack("<d", float("inf")) + b"\x00"))
    if mode == "badflag":
        return frame_of(rid + results(ops, b"\x1f\x07\x00"))
    if mode == "badtag":
        return frame_of(rid + results(ops, b"\x63\x00"))
    if mode == "hugejson":
        return frame_of(rid + results(ops, b"\x32" + struct.pack("<I", 1 << 31) + b"{}"))
    return whole


reference.stdin.write(stdin.readline())  # the handshake: one line each way
reference.stdin.flush()
emit(reference.stdout.readline())
steps = 0
while True:
    first = stdin.read(1)
    if not first:
        break
    if first[0] != MAGIC:  # cropsim declined version 2: pass lines through
        reference.stdin.write(first + stdin.readline())
        reference.stdin.flush()
        emit(reference.stdout.readline())
        continue
    rest = exactly(stdin, 5)
    request = exactly(stdin, struct.unpack("<I", rest[1:])[0])
    reference.stdin.write(first + rest + request)
    reference.stdin.flush()
    header, payload = frame(reference.stdout)
    if rest[0] == 0x53:  # a step
        if steps >= after and mode != "v2ok" and header[1] == 0x52:
            emit(broken(request, header, payload))
            time.sleep(3600)
        steps += 1
    emit(header + payload + (b"garbage" if mode == "garbage" and rest[0] == 0x4A else b""))

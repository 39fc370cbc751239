#!/usr/bin/env python3
"""A model that declares the snapshot messages (docs/model-protocol.md#snapshots) and breaks
them on purpose, for Tests/CropStudioTests/LiveModelTests.swift.

Every request goes to the reference editor's server (REFERENCE_MODEL, a path, run with
`--snapshots on`) and its reply comes back, except the snapshot messages, which MODE breaks from
the Nth on (N = the second argument, 1 by default; earlier ones are passed through). A third
argument, if any, is ignored: a marker that names the process (scripts/check-studio-server).

  garbage     snapshot answered with a handle that is not a number
  huge        snapshot answered with a handle past 2^31 - 1
  same        a snapshot answered with a handle cropsim holds already (given twice)
  wrongtype   snapshot answered as if it were a restore
  toobig      snapshot answered with a 17 MiB line
  late        snapshot answered after 30 s
  unknown     restore answered with an error: no such handle (as for a released one)
  crash       exits with status 3 on a restore
  hang        stops answering on a restore
  lie         restore answered `restored` without restoring (the session goes on where it was)
  liecrash    lies on the Nth restore as `lie` does, passes the next one through (a batch of
              frames from the wrong session reaches the page), exits with status 3 on the one after
  none        passes everything through (a well-behaved model)
"""
import json
import os
import subprocess
import sys
import time

mode = sys.argv[1]
nth = int(sys.argv[2]) if len(sys.argv) > 2 else 1
reference = subprocess.Popen([os.environ["REFERENCE_MODEL"], "--snapshots", "on"], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
seen = {"snapshot": 0, "restore": 0}
held = set()


def forward(line):
    reference.stdin.write(line)
    reference.stdin.flush()
    return reference.stdout.readline()


def reply(text):
    sys.stdout.buffer.write(text.encode() + b"\n")
    sys.stdout.buffer.flush()


for line in sys.stdin.buffer:
    text = line.decode()
    kind = "snapshot" if '"type":"snapshot"' in text else "restore" if '"type":"restore"' in text else None
    ident = text.split('"id":')[1].split(",")[0].split("}")[0] if '"id":' in text else "0"
    if kind:
        seen[kind] += 1
    if '"type":"release"' in text:
        held.discard(json.loads(text)["handle"])
    if kind == "snapshot" and seen[kind] >= nth and mode in ("garbage", "huge", "same", "wrongtype", "toobig", "late"):
        if mode == "garbage":
            reply('{"type":"snapshotted","id":%s,"handle":"x"}' % ident)
        elif mode == "huge":
            reply('{"type":"snapshotted","id":%s,"handle":99999999999}' % ident)
        elif mode == "same":
            given = json.loads(forward(line))["handle"]
            reply('{"type":"snapshotted","id":%s,"handle":%d}' % (ident, min(held) if held else given))
            held.add(given)
        elif mode == "wrongtype":
            reply('{"type":"restored","id":%s}' % ident)
        elif mode == "toobig":
            sys.stdout.buffer.write(b'{"type":"snapshotted","id":' + ident.encode() + b',"pad":"' + b"x" * (17 << 20))
            sys.stdout.buffer.flush()
            time.sleep(30)
        else:
            time.sleep(30)
        continue
    if kind == "restore" and mode == "liecrash" and seen[kind] in (nth, nth + 2):
        if seen[kind] == nth:
            reply('{"type":"restored","id":%s}' % ident)
            continue
        sys.exit(3)
    if kind == "restore" and seen[kind] >= nth and mode in ("unknown", "crash", "hang", "lie"):
        if mode == "lie":
            reply('{"type":"restored","id":%s}' % ident)
            continue
        if mode == "unknown":
            reply('{"type":"error","id":%s,"code":12,"message":"no snapshot has handle 12345"}' % ident)
            continue
        if mode == "crash":
            sys.exit(3)
        time.sleep(3600)
    sys.stdout.buffer.write(forward(line))
    sys.stdout.buffer.flush()

#!/usr/bin/env node
// cropsim's model protocol (docs/model-protocol.md) over stdio for the editor in editor.mjs:
// one JSON request per line on stdin, one reply line per request on stdout, logs on stderr.
//
//   cropsim run Scenarios --model "node Examples/javascript/main.mjs"

import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';
import { CAPABILITIES, MODEL, POLICIES, openEditor } from './editor.mjs';

const PROTOCOL = 1;
// The most snapshots cropsim holds at once (docs/model-protocol.md#snapshots); more is refused.
const MAX_SNAPSHOTS = 24;
const ERROR = { notSupported: 10, malformedRequest: 12, crash: 13 };

/**
 * JSON with the protocol's numbers: NaN and ±Infinity travel as the strings "NaN", "Infinity"
 * and "-Infinity". (JSON.stringify would write null, which cropsim rightly calls malformed.)
 */
export const encode = (message) =>
  JSON.stringify(message, (_key, value) =>
    typeof value === 'number' && !Number.isFinite(value) ? String(value) : value);

/** A number field of a request: a JSON number, or one of the three non-finite strings. */
export function num(value, field) {
  if (typeof value === 'number') return value;
  if (value === 'NaN' || value === 'Infinity' || value === '-Infinity') return Number(value);
  throw new ProtocolError(ERROR.malformedRequest, `${field} is not a number`);
}

class ProtocolError extends Error {
  constructor(code, message) {
    super(message);
    this.code = code;
  }
}

// The number fields of each event this editor implements; events of capabilities it does not
// declare (rotation, upload, memory fallback) are never sent and are refused if they are.
const EVENT_FIELDS = {
  panBegan: [], panEnded: [], pinchEnded: [], gestureCancelled: [],
  panChanged: ['dx', 'dy'],
  pinchBegan: ['x', 'y'],
  pinchChanged: ['scale', 'x', 'y'],
  doubleTap: ['x', 'y'],
  setZoomSlider: ['percent'],
  incrementZoom: [], decrementZoom: [], recenter: [],
  resize: ['width', 'height'],
  setReduceMotion: [],
  confirm: [], cancel: [],
};

/** A step's op: "tick", or an event with its numbers decoded. */
function decodeOp(op) {
  if (op === 'tick') return op;
  if (typeof op !== 'object' || op === null || typeof op.type !== 'string') {
    throw new ProtocolError(ERROR.malformedRequest, `not an op: ${JSON.stringify(op)}`);
  }
  const fields = EVENT_FIELDS[op.type];
  if (!fields) throw new ProtocolError(ERROR.notSupported, `event ${op.type} is not implemented`);
  const event = { ...op };
  for (const f of fields) event[f] = num(op[f], `${op.type}.${f}`);
  return event;
}

const decodeOpen = ({ source, view, config, reduceMotion }) => {
  if (!source || !view || !config) throw new ProtocolError(ERROR.malformedRequest, 'open needs source, view and config');
  const numbers = (object, name) =>
    Object.fromEntries(Object.entries(object).map(([k, v]) =>
      [k, typeof v === 'string' && k !== 'format' ? num(v, `${name}.${k}`) : v]));
  return { source: numbers(source, 'source'), view: numbers(view, 'view'), config: numbers(config, 'config'), reduceMotion: Boolean(reduceMotion) };
};

/** The fields of `next` that differ from `last` (Object.is: NaN equals NaN, 0 differs from -0). */
function delta(last, next) {
  const changed = {};
  for (const [key, value] of Object.entries(next)) if (!Object.is(last[key], value)) changed[key] = value;
  return changed;
}

/**
 * A deep copy of the editor, its class kept: structuredClone copies the plain objects and Sets it
 * holds (keeping shared references shared) but not a class's prototype.
 */
const copyEditor = (e) => Object.assign(Object.create(Object.getPrototypeOf(e)), structuredClone({ ...e }));

/** One connection's state and request handler: returns the reply object for a request. */
export function createServer() {
  let editor = null;
  let lastState = null;
  // Snapshots of the session by handle (docs/model-protocol.md#snapshots): the editor and the
  // state last reported, since a result after a restore is relative to the snapshot's.
  const snapshots = new Map();
  let nextHandle = 0;
  const kept = (handle) => {
    if (!snapshots.has(handle)) throw new ProtocolError(ERROR.malformedRequest, `no snapshot has handle ${JSON.stringify(handle)}`);
    return snapshots.get(handle);
  };

  const result = (effects) => {
    const state = editor.state();
    const changed = delta(lastState, state);
    lastState = state;
    const r = {};
    if (effects.length) r.effects = effects;
    if (Object.keys(changed).length) r.state = changed;
    return r;
  };

  const handlers = {
    hello({ protocol }) {
      if (!Array.isArray(protocol) || !protocol.includes(PROTOCOL)) {
        throw new ProtocolError(ERROR.notSupported, `this model speaks protocol ${PROTOCOL} only`);
      }
      return { type: 'hello', protocol: PROTOCOL, model: MODEL, capabilities: CAPABILITIES, policies: POLICIES, snapshots: true };
    },
    open(request) {
      editor = null;
      snapshots.clear();
      const opened = openEditor(decodeOpen(request));
      if (opened.refused) return { type: 'refused', message: opened.refused };
      editor = opened.editor;
      lastState = editor.state();
      return { type: 'opened', effects: opened.effects, state: lastState };
    },
    step({ ops }) {
      if (!editor) throw new ProtocolError(ERROR.malformedRequest, 'step before a successful open');
      if (!Array.isArray(ops)) throw new ProtocolError(ERROR.malformedRequest, 'step needs ops');
      const decoded = ops.map(decodeOp); // refuse a bad op before any is applied
      return { type: 'stepped', results: decoded.map((op) => result(op === 'tick' ? editor.tick() : editor.apply(op))) };
    },
    snapshot() {
      if (!editor) throw new ProtocolError(ERROR.malformedRequest, 'snapshot before a successful open');
      if (snapshots.size >= MAX_SNAPSHOTS) throw new ProtocolError(ERROR.malformedRequest, `more than ${MAX_SNAPSHOTS} snapshots`);
      // Handles wrap after 2^31 snapshots; one still held is skipped, never given twice.
      let handle = nextHandle;
      while (snapshots.has(handle)) handle = (handle + 1) % 2147483648;
      nextHandle = (handle + 1) % 2147483648;
      snapshots.set(handle, { editor: copyEditor(editor), lastState: { ...lastState } });
      return { type: 'snapshotted', handle };
    },
    restore({ handle }) {
      const snapshot = kept(handle);
      editor = copyEditor(snapshot.editor); // the snapshot stays as it was for the next restore
      lastState = { ...snapshot.lastState };
      return { type: 'restored' };
    },
    release({ handle }) {
      kept(handle);
      snapshots.delete(handle);
      return { type: 'released' };
    },
  };

  return function handle(request) {
    const id = request?.id;
    try {
      const handler = handlers[request?.type];
      if (!Number.isInteger(id) || !handler) {
        throw new ProtocolError(ERROR.malformedRequest, `unknown request ${JSON.stringify(request?.type)}`);
      }
      return { ...handler(request), id };
    } catch (error) {
      if (!(error instanceof ProtocolError)) console.error(error?.stack ?? error);
      else console.error(`request ${id}: ${error.message}`);
      return { type: 'error', id: id ?? null, code: error.code ?? ERROR.crash, message: String(error.message ?? error) };
    }
  };
}

function main() {
  const handle = createServer();
  const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
  lines.on('line', (line) => {
    if (line.trim() === '') return;
    let request;
    try {
      request = JSON.parse(line);
    } catch (error) {
      console.error(`unreadable request: ${error.message}`);
      request = null;
    }
    const reply = request === null
      ? { type: 'error', id: null, code: ERROR.malformedRequest, message: 'not JSON' }
      : handle(request);
    process.stdout.write(encode(reply) + '\n');
  });
  // When cropsim closes stdin, readline closes and nothing keeps Node running: it exits once
  // the last reply has been flushed.
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) main();

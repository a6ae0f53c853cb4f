// The embedded database's own thread (see pglite-thread.ts): opens PGlite as told by workerData, then answers one
// message per query, in the order they come.
import { readFileSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pgliteExtensions } from './pglite-extensions.ts';
import type { FromThread, PGliteOpening, ToThread } from './pglite-thread.ts';

const opening = workerData as PGliteOpening;
const port = parentPort;
if (!port) throw new Error('pglite-worker.ts runs as a worker thread');

function open(): PGlite {
  if (opening.dataDir) return new PGlite(opening.dataDir, { extensions: pgliteExtensions });
  if (opening.seed)
    return new PGlite({ loadDataDir: new Blob([readFileSync(opening.seed)]), extensions: pgliteExtensions });
  return new PGlite({ extensions: pgliteExtensions });
}

/** A database error's fields (code, constraint, table…) survive the trip back: handlers tell errors apart by them. */
function fieldsOf(error: unknown): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  if (error && typeof error === 'object') {
    for (const [key, value] of Object.entries(error)) {
      if (value === undefined || ['string', 'number', 'boolean'].includes(typeof value)) fields[key] = value;
    }
    fields.message = (error as Error).message;
  } else {
    fields.message = String(error);
  }
  return fields;
}

const send = (message: FromThread) => port.postMessage(message);

let pglite: PGlite;
try {
  pglite = open();
  await pglite.waitReady;
  send({ kind: 'ready' });
} catch (error) {
  send({ kind: 'failed', error: fieldsOf(error) });
  throw error;
}

// Queries run one after the other: the main thread already gives the connection to one caller at a time.
let tail: Promise<void> = Promise.resolve();
port.on('message', (message: ToThread) => {
  tail = tail.then(async () => {
    if (message.kind === 'close') {
      await pglite.close();
      send({ kind: 'closed', id: message.id });
      port.close();
      return;
    }
    try {
      const result = await pglite.query(message.sql, message.params, { rowMode: 'object' });
      send({ kind: 'result', id: message.id, rows: result.rows, affectedRows: result.affectedRows });
    } catch (error) {
      send({ kind: 'error', id: message.id, error: fieldsOf(error) });
    }
  });
});

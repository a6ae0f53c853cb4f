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
      if (message.sql === 'COMMIT') {
        // A transaction in which a statement failed ends in a rollback whatever it is told: say so, as PGlite's own
        // transaction() does, rather than let the caller believe its writes are kept.
        const [ended] = await pglite.exec('COMMIT');
        if (ended?.command === 'ROLLBACK') {
          send({
            kind: 'error',
            id: message.id,
            error: { message: 'the transaction was rolled back', code: '25P02' },
          });
        } else send({ kind: 'result', id: message.id, rows: [], affectedRows: 0 });
        return;
      }
      const result = await pglite.query(message.sql, message.params, { rowMode: 'object' });
      send({ kind: 'result', id: message.id, rows: result.rows, affectedRows: result.affectedRows });
    } catch (error) {
      send({ kind: 'error', id: message.id, error: fieldsOf(error) });
    }
  });
});

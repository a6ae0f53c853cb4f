// The mail outbox: a mail is a row written in the same transaction as the change that causes it, so it is never
// lost (a crash before the commit loses both, after it keeps both), and a worker in each API process sends the due
// rows. A row holds a one-time link: it is deleted as soon as its mail is sent, refused for good, or its link expired.
//
// No mail is sent twice by two workers: a worker claims a row with `FOR UPDATE SKIP LOCKED` and pushes its due time
// forward by a lease before sending, outside the transaction, so another replica only takes a row over when its
// worker died while sending. The only resend left is a process killed between the SMTP server's acceptance and the
// row's deletion; the Message-ID (the row's id) makes such a copy recognisable.
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { Db } from './db/index.ts';
import type { Mail, Mailer } from './mail.ts';

export interface OutboxOptions {
  /** First retry delay; each failure doubles it (with ±20 % jitter) up to maxDelayMs. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** How long a claimed row is left to the worker that claimed it before another worker may take it over. */
  leaseMs: number;
  /** Longest sleep between two looks at the table (rows queued by another replica, retries). */
  pollMs: number;
}

/** Queues a mail; call it with the transaction of the change that causes the mail, then wake the worker. */
export async function queueMail(db: Db, mail: Mail, ttlSeconds: number): Promise<void> {
  await db
    .insertInto('mail_outbox')
    .values({
      id: randomUUID(),
      recipient: mail.to,
      subject: mail.subject,
      body: mail.text,
      link: mail.link,
      expires_at: new Date(Date.now() + ttlSeconds * 1000),
    })
    .execute();
}

const millis = (ms: number) => sql<Date>`now() + ${Math.round(ms)}::int * interval '1 millisecond'`;

/** An SMTP 5xx answer will not change by retrying (unknown mailbox, refused sender…). */
function permanent(error: unknown): boolean {
  const code = (error as { responseCode?: unknown }).responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

function describe(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, 500);
}

export class OutboxWorker {
  readonly #db: Db;
  readonly #mailer: Mailer;
  readonly #log: FastifyBaseLogger;
  readonly #options: OutboxOptions;
  readonly #soleOwner: boolean;
  readonly #id = randomUUID();
  #running: Promise<void> | null = null;
  #stopping = false;
  #woken = false;
  #wake: (() => void) | null = null;

  /**
   * soleOwner: this process is the only one using the database (PGlite), so claims left by a killed predecessor can
   * be released at start instead of waiting for their lease to run out.
   */
  constructor(db: Db, mailer: Mailer, log: FastifyBaseLogger, options: OutboxOptions, soleOwner: boolean) {
    this.#db = db;
    this.#mailer = mailer;
    this.#log = log.child({ component: 'outbox' });
    this.#options = options;
    this.#soleOwner = soleOwner;
  }

  start(): void {
    this.#running ??= this.#loop();
  }

  /** A mail was queued: look now rather than at the next poll. */
  wake(): void {
    this.#woken = true;
    this.#wake?.();
  }

  /** Finishes the mail being sent, if any, and stops; rows still due stay for the next start (or another replica). */
  async stop(): Promise<void> {
    this.#stopping = true;
    this.#wake?.();
    await this.#running;
  }

  /** Rows not sent yet (readiness and tests). */
  async pending(): Promise<number> {
    const row = await this.#db
      .selectFrom('mail_outbox')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async #loop(): Promise<void> {
    if (this.#soleOwner) {
      await this.#guard(() =>
        this.#db
          .updateTable('mail_outbox')
          .set({ claimed_by: null, next_attempt_at: sql<Date>`now()` })
          .where('claimed_by', 'is not', null)
          .execute(),
      );
    }
    while (!this.#stopping) {
      this.#woken = false;
      const sent = await this.#guard(() => this.#sendOne());
      if (sent || this.#stopping) continue;
      const wait = sent === null ? this.#options.pollMs : await this.#guard(() => this.#nextDueIn());
      await this.#sleep(wait ?? this.#options.pollMs);
    }
  }

  /** Database errors (an outage) must not end the worker: logged, and tried again at the next poll. */
  async #guard<T>(work: () => Promise<T>): Promise<T | null> {
    try {
      return await work();
    } catch (error) {
      this.#log.error({ err: error }, 'outbox: database error');
      return null;
    }
  }

  #sleep(ms: number): Promise<void> {
    if (this.#woken || this.#stopping) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(done, Math.max(0, ms));
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.#wake = () => {
        this.#wake = null;
        done();
      };
    });
  }

  async #nextDueIn(): Promise<number> {
    const row = await sql<{
      due: number | string | null;
    }>`SELECT extract(epoch FROM min(next_attempt_at) - now()) * 1000 AS due FROM mail_outbox`.execute(
      this.#db,
    );
    const due = row.rows[0]?.due;
    if (due === null || due === undefined) return this.#options.pollMs;
    return Math.min(this.#options.pollMs, Math.max(0, Number(due)));
  }

  /** Claims one due row and sends it; false when nothing was due. */
  async #sendOne(): Promise<boolean> {
    const row = await this.#db.transaction().execute(async (trx) => {
      const expired = await trx
        .deleteFrom('mail_outbox')
        .where('expires_at', '<=', sql<Date>`now()`)
        // Not while another worker's lease runs (it may be sending it right now).
        .where((eb) => eb.or([eb('claimed_by', 'is', null), eb('next_attempt_at', '<=', sql<Date>`now()`)]))
        .returning(['id', 'recipient', 'subject', 'attempts', 'last_error'])
        .execute();
      for (const mail of expired) {
        this.#log.error(
          { mailId: mail.id, to: mail.recipient, attempts: mail.attempts, lastError: mail.last_error },
          `mail abandoned, its link expired before it could be sent: ${mail.subject}`,
        );
      }
      const due = await trx
        .selectFrom('mail_outbox')
        .selectAll()
        .where('next_attempt_at', '<=', sql<Date>`now()`)
        .orderBy('next_attempt_at')
        .limit(1)
        .forUpdate()
        .skipLocked()
        .executeTakeFirst();
      if (!due) return null;
      await trx
        .updateTable('mail_outbox')
        .set({
          claimed_by: this.#id,
          attempts: due.attempts + 1,
          next_attempt_at: millis(this.#options.leaseMs),
        })
        .where('id', '=', due.id)
        .execute();
      return due;
    });
    if (!row) return false;
    const attempt = row.attempts + 1;
    try {
      await this.#mailer.send({
        id: row.id,
        to: row.recipient,
        subject: row.subject,
        text: row.body,
        link: row.link,
      });
    } catch (error) {
      if (permanent(error)) {
        this.#log.error({ mailId: row.id, to: row.recipient, err: error }, 'mail refused for good, dropped');
        await this.#forget(row.id);
        return true;
      }
      const delay = Math.min(this.#options.maxDelayMs, this.#options.baseDelayMs * 2 ** (attempt - 1));
      const jittered = delay * (0.8 + Math.random() * 0.4);
      this.#log.warn(
        {
          mailId: row.id,
          to: row.recipient,
          attempt,
          retryInMs: Math.round(jittered),
          error: describe(error),
        },
        'mail not sent, will retry',
      );
      await this.#db
        .updateTable('mail_outbox')
        .set({ claimed_by: null, next_attempt_at: millis(jittered), last_error: describe(error) })
        .where('id', '=', row.id)
        .where('claimed_by', '=', this.#id)
        .execute();
      return false;
    }
    this.#log.info({ mailId: row.id, to: row.recipient, attempt }, 'mail sent');
    await this.#forget(row.id);
    return true;
  }

  /**
   * Deletes a row once its mail has left. A failure here would resend the mail after the lease, so it is retried a
   * few times (a short database hiccup) before giving up.
   */
  async #forget(id: string): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      try {
        await this.#db.deleteFrom('mail_outbox').where('id', '=', id).execute();
        return;
      } catch (error) {
        if (attempt >= 5) throw error;
        await new Promise((resolve) => setTimeout(resolve, 500 * attempt));
      }
    }
  }
}

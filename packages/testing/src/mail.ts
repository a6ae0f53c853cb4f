// The one SMTP sink: a real SMTP server on loopback that keeps every mail the product sends, for the API's own
// suites in process, and over HTTP (`serveMailbox`) for suites whose product runs in another process.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  raw: string;
  subject: string;
  /** The body with quoted-printable soft breaks and escapes undone, enough to read links from. */
  text: string;
}

function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/** A real SMTP server on loopback that keeps every mail it receives. */
export class MailSink {
  readonly mails: ReceivedMail[] = [];
  #server: SMTPServer | null = null;
  readonly #waiters = new Set<() => void>();
  port = 0;

  /** A new SMTP server each start (a closed one cannot listen again); mails received are kept across restarts. */
  #create(): SMTPServer {
    const server = new SMTPServer({
      authOptional: true,
      // Stopping must not wait for a client's idle connection.
      closeTimeout: 500,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          const raw = Buffer.concat(chunks).toString('utf8');
          const [head = '', ...rest] = raw.split(/\r?\n\r?\n/);
          const subject = /^Subject: (.*)$/m.exec(head)?.[1] ?? '';
          this.mails.push({
            to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
            raw,
            subject,
            text: decodeQuotedPrintable(rest.join('\n\n')),
          });
          for (const wake of this.#waiters) wake();
          callback();
        });
      },
    });
    // A client that vanishes mid-session (a server killed while sending) is its problem, not the sink's.
    server.on('error', () => {});
    return server;
  }

  /** Listens on loopback: a free port the first time, the same port again after stop() (a mail server back up). */
  async start(): Promise<string> {
    const server = this.#create();
    await new Promise<void>((resolve, reject) => {
      server.server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.#server = server;
    this.port = (server.server.address() as AddressInfo).port;
    return `smtp://127.0.0.1:${this.port}`;
  }

  /** Stops listening: connections are refused until start() again. */
  async stop(): Promise<void> {
    const server = this.#server;
    this.#server = null;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** The first mail to this address (after `skip` earlier ones) that matches, waiting up to 5 s for it. */
  async waitFor(
    to: string,
    match: (mail: ReceivedMail) => boolean = () => true,
    skip = 0,
  ): Promise<ReceivedMail> {
    const deadline = Date.now() + 5000;
    for (;;) {
      const found = this.mails.filter((m) => m.to.includes(to.toLowerCase()) && match(m))[skip];
      if (found) return found;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no mail to ${to} within 5 s`);
      await new Promise<void>((resolve) => {
        const wake = () => {
          this.#waiters.delete(wake);
          resolve();
        };
        this.#waiters.add(wake);
        setTimeout(wake, Math.min(left, 200));
      });
    }
  }

  count(to: string): number {
    return this.mails.filter((m) => m.to.includes(to.toLowerCase())).length;
  }
}

/** The first URL in a mail that contains the given path. */
export function linkIn(mail: ReceivedMail, path: string): URL {
  const found = mail.text.match(/https?:\/\/\S+/g)?.find((u) => u.includes(path));
  if (!found) throw new Error(`no ${path} link in mail "${mail.subject}"`);
  return new URL(found);
}

/**
 * The sink's mails over HTTP on loopback: `GET /mails?to=ADDRESS` answers the mails received for that address, oldest
 * first (every mail without `to`). For a suite whose sink lives in another process (Playwright's web server).
 */
export async function serveMailbox(
  sink: MailSink,
  port = 0,
): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer((request, response) => {
    const to = new URL(request.url ?? '/', 'http://127.0.0.1').searchParams.get('to')?.toLowerCase();
    const found = to ? sink.mails.filter((m) => m.to.includes(to)) : sink.mails;
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify(found));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The mails a mailbox served by `serveMailbox` holds for this address, oldest first. */
export async function readMailbox(mailboxUrl: string, to: string): Promise<ReceivedMail[]> {
  const response = await fetch(`${mailboxUrl}/mails?to=${encodeURIComponent(to)}`);
  if (!response.ok) throw new Error(`mailbox ${mailboxUrl}: ${response.status}`);
  return (await response.json()) as ReceivedMail[];
}

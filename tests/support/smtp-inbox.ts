import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  raw: string;
}

/** A real SMTP server on loopback that keeps what it receives. */
export async function startSmtpInbox(): Promise<{
  url: string;
  mails: ReceivedMail[];
  waitFor(pred: (m: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  /**
   * While held, a mail is kept as received but the server's answer to it (250) is not sent: the
   * sender is left waiting mid-conversation, as when its process dies before hearing back.
   */
  holdAnswers(hold: boolean): void;
  /** The next mail is refused with 451 (try again later) and not kept. */
  refuseNext(): void;
  stop(): Promise<void>;
}> {
  const mails: ReceivedMail[] = [];
  let holding = false;
  let refusals = 0;
  const held: Array<() => void> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (c: Buffer) => (raw += c.toString()));
      stream.on('end', () => {
        if (refusals > 0) {
          refusals -= 1;
          return callback(Object.assign(new Error('Mailbox busy, try again later'), { responseCode: 451 }));
        }
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        if (holding) held.push(() => callback());
        else callback();
      });
    },
  });
  // A sender killed mid-conversation (what the crash tests do) resets its connection; the server
  // reports that as an 'error' event, which unheard would end the test process.
  server.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code !== 'ECONNRESET' && err.code !== 'EPIPE') process.stderr.write(`smtp inbox: ${String(err)}\n`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    async waitFor(pred, timeoutMs = 15_000) {
      const until = Date.now() + timeoutMs;
      for (;;) {
        const m = mails.find(pred);
        if (m) return m;
        if (Date.now() > until) throw new Error('mail not received in time');
        await new Promise((r) => setTimeout(r, 100));
      }
    },
    refuseNext() {
      refusals += 1;
    },
    holdAnswers(hold) {
      holding = hold;
      if (!hold) for (const answer of held.splice(0)) answer();
    },
    stop: () =>
      new Promise<void>((resolve) => {
        for (const answer of held.splice(0)) answer();
        server.close(() => resolve());
      }),
  };
}

/** The body of a raw mail with quoted-printable soft breaks undone. */
export function mailText(raw: string): string {
  return raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
}

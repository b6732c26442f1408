import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { freePort } from './shop-process';

/** One message a test SMTP server accepted. */
export interface ReceivedMail {
  messageId: string;
  /** Envelope recipients. */
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  /** Every http(s) link of the plain-text part, in order. */
  links: string[];
}

export interface SmtpInboxOptions {
  /** Recipients answered `550 No such user here`. */
  refuse?: (address: string) => boolean;
}

const USER = 'shop';
const PASSWORD = 'smtp-test-password';

/**
 * A real SMTP server on 127.0.0.1 (the `smtp-server` package) that keeps what it accepts, parsed, for a
 * test to read. It asks for the user and password of `url`, refuses recipients as told, and can go
 * down and come back on the same port. For tests of the shop's e-mail, in-process or as a child process.
 */
export class SmtpInbox {
  readonly received: ReceivedMail[] = [];
  /** RCPT TO answers held back by the gate, by session: messages in the middle of being sent. */
  readonly #held = new Map<string, () => void>();
  /** How many more recipients the gate lets through. */
  #passes = Number.POSITIVE_INFINITY;
  #server: SMTPServer | undefined;
  #waiters: (() => void)[] = [];

  private constructor(
    readonly port: number,
    private readonly options: SmtpInboxOptions,
  ) {}

  static async start(options: SmtpInboxOptions = {}): Promise<SmtpInbox> {
    const inbox = new SmtpInbox(await freePort(), options);
    await inbox.up();
    return inbox;
  }

  /** `smtp://user:password@127.0.0.1:port`, for SMTP_URL. */
  get url(): string {
    return `smtp://${USER}:${PASSWORD}@127.0.0.1:${this.port}`;
  }

  /** Starts listening (again). */
  async up(): Promise<void> {
    if (this.#server) return;
    const server = new SMTPServer({
      disabledCommands: ['STARTTLS'],
      allowInsecureAuth: true,
      logger: false,
      closeTimeout: 100,
      onAuth: (auth, _session, callback) => {
        if (auth.username === USER && auth.password === PASSWORD) callback(null, { user: USER });
        else callback(Object.assign(new Error('Invalid username or password'), { responseCode: 535 }));
      },
      onRcptTo: (address, session, callback) => {
        const answer = () => {
          if (this.options.refuse?.(address.address)) {
            callback(Object.assign(new Error('No such user here'), { responseCode: 550 }));
          } else callback();
        };
        if (this.#passes > 0) {
          this.#passes -= 1;
          return answer();
        }
        this.#held.set(session.id, answer);
        this.#notify();
      },
      onClose: (session) => {
        // A client that went away (a killed shop) leaves nothing held.
        if (this.#held.delete(session.id)) this.#notify();
      },
      onData: (stream, session, callback) => {
        simpleParser(stream)
          .then((parsed) => {
            this.received.push(
              toReceived(
                parsed,
                session.envelope.rcptTo.map((rcpt) => rcpt.address),
              ),
            );
            this.#notify();
            callback();
          })
          .catch((error: Error) => callback(error));
      },
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    // A client killed mid-conversation (the crash tests' SIGKILLed shop) resets its connection; the
    // server reports it as an 'error' event, which unheard would end the test run.
    server.on('error', () => undefined);
    this.#server = server;
  }

  /** Stops listening and drops open connections: the server is down until `up`. */
  async down(): Promise<void> {
    const server = this.#server;
    this.#server = undefined;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** Messages whose RCPT TO the gate holds: each is in the middle of being sent. */
  get held(): number {
    return this.#held.size;
  }

  /** From now on, holds every RCPT TO answer (after `passes` more) until `openGate` or `letThrough`. */
  holdRecipients(passes = 0): void {
    this.#passes = passes;
  }

  /** Lets `count` more recipients through, those held first. */
  letThrough(count: number): void {
    this.#passes += count;
    for (const [session, answer] of this.#held) {
      if (this.#passes <= 0) break;
      this.#passes -= 1;
      this.#held.delete(session);
      answer();
    }
  }

  /** Lets every recipient through again. */
  openGate(): void {
    this.letThrough(Number.POSITIVE_INFINITY);
  }

  /** The messages accepted for an address. */
  to(address: string): ReceivedMail[] {
    return this.received.filter((mail) => mail.to.includes(address) && !isAddressLink(mail));
  }

  /** The links to verify or claim an address that reached `address` (left out of `to`). */
  addressLinksTo(address: string): ReceivedMail[] {
    return this.received.filter((mail) => mail.to.includes(address) && isAddressLink(mail));
  }

  /** Resolves once `condition` holds (checked whenever something arrives); rejects after the timeout. */
  async waitUntil(condition: () => boolean, timeoutMs = 10_000, what = 'the SMTP server'): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!condition()) {
      const left = deadline - Date.now();
      if (left <= 0) {
        const got = this.received.map((mail) => `${mail.to.join(',')}: ${mail.subject}`).join('\n  ');
        throw new Error(`Timed out waiting for ${what}; received:\n  ${got || '(nothing)'}`);
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.min(left, 200));
        this.#waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** Resolves once `count` messages have arrived in all; answers them. */
  async waitForCount(count: number, timeoutMs?: number): Promise<ReceivedMail[]> {
    await this.waitUntil(() => this.received.length >= count, timeoutMs, `${count} messages`);
    return this.received;
  }

  #notify(): void {
    for (const wake of this.#waiters.splice(0)) wake();
  }
}

function toReceived(parsed: ParsedMail, to: string[]): ReceivedMail {
  const text = parsed.text ?? '';
  return {
    messageId: parsed.messageId ?? '',
    to,
    from: parsed.from?.text ?? '',
    subject: parsed.subject ?? '',
    text,
    html: typeof parsed.html === 'string' ? parsed.html : '',
    links: text.match(/https?:\/\/[^\s<>"]+/g) ?? [],
  };
}

/** Every registration mails a verification link: the other tests count what comes after it. */
function isAddressLink(mail: ReceivedMail): boolean {
  return /^(Verify|Claim) your e-mail address/.test(mail.subject);
}

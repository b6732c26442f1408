import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { z } from 'zod';

/** A template as registered with Meta: how many {{n}} its body has, and whether it has a URL button. */
export interface RegisteredTemplate {
  bodyParameters: number;
  urlButton: boolean;
}

/** A template message the server accepted. */
export interface ReceivedTemplateMessage {
  id: string;
  /** E.164 without the `+`, as sent. */
  to: string;
  template: string;
  language: string;
  body: string[];
  /** The URL button's parameter; undefined when the message has none. */
  urlButton: string | undefined;
}

/** An answer the test scripts for the next requests: an HTTP status, an error body, headers. */
export interface ScriptedAnswer {
  status: number;
  code: number;
  message: string;
  headers?: Record<string, string>;
}

/** Rate limit answers as the Cloud API gives them. */
export const RATE_LIMITED = (retryAfterSeconds: number): ScriptedAnswer => ({
  status: 429,
  code: 130429,
  message: 'Rate limit hit',
  headers: { 'retry-after': String(retryAfterSeconds) },
});

const TemplateRequest = z.object({
  messaging_product: z.literal('whatsapp'),
  recipient_type: z.literal('individual').optional(),
  to: z.string().regex(/^[1-9]\d{7,14}$/, 'to must be a phone number in E.164 without the +'),
  type: z.literal('template'),
  template: z.object({
    name: z.string().min(1),
    language: z.object({ code: z.string().min(2) }),
    components: z.array(
      z.discriminatedUnion('type', [
        z.object({
          type: z.literal('body'),
          parameters: z.array(z.object({ type: z.literal('text'), text: z.string().min(1) })),
        }),
        z.object({
          type: z.literal('button'),
          sub_type: z.literal('url'),
          index: z.string().regex(/^\d$/),
          parameters: z.array(z.object({ type: z.literal('text'), text: z.string().min(1) })).length(1),
        }),
      ]),
    ),
  }),
});

/**
 * A local stand-in for the WhatsApp Cloud API's `POST /{version}/{phone-number-id}/messages`, on
 * 127.0.0.1 at a free port: it checks the bearer token, the request's shape and the template against
 * the ones registered (names, parameter counts, the URL button), answers `{messages:[{id}]}` or the
 * API's errors (`{error:{message, type, code, error_subcode, fbtrace_id}}`), plays answers a test
 * scripts (rate limits, 5xx), refuses numbers not on WhatsApp (131026), and can hold requests
 * unanswered, so a test can kill the shop while its messages are in flight. A request whose client
 * went away before the answer is not received.
 */
export class CloudApiServer {
  readonly received: ReceivedTemplateMessage[] = [];
  /** Every request that reached the messages endpoint, answered or not. */
  requests = 0;
  token: string;
  readonly #scripted: ScriptedAnswer[] = [];
  readonly #held = new Set<() => void>();
  #passes = Number.POSITIVE_INFINITY;
  #server!: Server;

  private constructor(
    readonly phoneNumberId: string,
    token: string,
    private readonly templates: Readonly<Record<string, RegisteredTemplate>>,
    private readonly notOnWhatsApp: ReadonlySet<string>,
  ) {
    this.token = token;
  }

  static async start(options: {
    token: string;
    phoneNumberId: string;
    templates: Readonly<Record<string, RegisteredTemplate>>;
    /** Numbers (E.164 without +) the API answers 131026 for. */
    notOnWhatsApp?: readonly string[];
  }): Promise<CloudApiServer> {
    const api = new CloudApiServer(
      options.phoneNumberId,
      options.token,
      options.templates,
      new Set(options.notOnWhatsApp ?? []),
    );
    api.#server = createServer((request, response) => void api.#handle(request, response));
    await new Promise<void>((resolve) => api.#server.listen(0, '127.0.0.1', resolve));
    return api;
  }

  /** What WHATSAPP_API_URL is set to: the server's address and an API version. */
  get url(): string {
    return `http://127.0.0.1:${(this.#server.address() as AddressInfo).port}/v21.0`;
  }

  get held(): number {
    return this.#held.size;
  }

  /** The next requests get these answers, in order (after the token and shape are checked). */
  script(...answers: ScriptedAnswer[]): void {
    this.#scripted.push(...answers);
  }

  /** From now on, holds every request unanswered until `letThrough` or `openGate`. */
  holdRecipients(): void {
    this.#passes = 0;
  }

  /** Lets `count` more requests through, those held first. */
  letThrough(count: number): void {
    this.#passes += count;
    for (const release of [...this.#held]) {
      if (this.#passes <= 0) break;
      this.#passes -= 1;
      release();
    }
  }

  openGate(): void {
    this.letThrough(Number.POSITIVE_INFINITY);
  }

  /** Resolves once `condition` holds; rejects after the timeout naming what arrived. */
  async waitUntil(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!condition()) {
      if (Date.now() > deadline) {
        const got = this.received.map((m) => `${m.to}: ${m.template}`).join('\n  ');
        throw new Error(`Timed out waiting for the Cloud API; received:\n  ${got || '(nothing)'}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  async close(): Promise<void> {
    this.openGate();
    this.#server.closeAllConnections();
    await new Promise<void>((resolve) => this.#server.close(() => resolve()));
  }

  async #handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const answer = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      if (response.destroyed) return;
      response.writeHead(status, { 'content-type': 'application/json', ...headers });
      response.end(JSON.stringify(body));
    };
    const error = (
      status: number,
      code: number,
      message: string,
      type = 'OAuthException',
      subcode?: number,
    ) =>
      answer(status, {
        error: {
          message,
          type,
          code,
          ...(subcode === undefined ? {} : { error_subcode: subcode }),
          fbtrace_id: randomUUID().slice(0, 12),
        },
      });

    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    if (request.method !== 'POST' || path !== `/v21.0/${this.phoneNumberId}/messages`) {
      return error(400, 100, `Unsupported ${request.method} request to ${path}`, 'GraphMethodException', 33);
    }
    this.requests += 1;
    if (request.headers.authorization !== `Bearer ${this.token}`) {
      return error(401, 190, 'Error validating access token: the session is invalid.', 'OAuthException', 463);
    }
    if (!request.headers['content-type']?.startsWith('application/json')) {
      return error(400, 100, 'The request body must be JSON', 'OAuthException');
    }
    let parsed: z.infer<typeof TemplateRequest>;
    try {
      parsed = TemplateRequest.parse(JSON.parse(Buffer.concat(chunks).toString('utf8')));
    } catch (problem) {
      return error(400, 100, `(#100) Invalid parameter: ${(problem as Error).message}`);
    }
    const { template } = parsed;
    const registered = this.templates[template.name];
    if (!registered) {
      return error(404, 132001, `(#132001) Template name does not exist in the translation`);
    }
    const body = template.components.find((c) => c.type === 'body')?.parameters.map((p) => p.text) ?? [];
    const button = template.components.find((c) => c.type === 'button');
    if (body.length !== registered.bodyParameters || Boolean(button) !== registered.urlButton) {
      return error(
        400,
        132000,
        `(#132000) Number of parameters does not match the expected number of params`,
      );
    }
    // Held requests wait here: the message is not taken until the answer, and a client gone by then
    // (a shop killed mid-send) never gets one, so it was not received.
    if (this.#passes <= 0) {
      await new Promise<void>((resolve) => {
        const release = () => {
          this.#held.delete(release);
          resolve();
        };
        this.#held.add(release);
        response.once('close', release); // the client is gone: it is held no more
      });
    } else {
      this.#passes -= 1;
    }
    if (request.socket.destroyed || response.destroyed) return;
    const scripted = this.#scripted.shift();
    if (scripted) {
      return answer(
        scripted.status,
        {
          error: {
            message: scripted.message,
            type: 'OAuthException',
            code: scripted.code,
            fbtrace_id: randomUUID().slice(0, 12),
          },
        },
        scripted.headers,
      );
    }
    if (this.notOnWhatsApp.has(parsed.to)) {
      return error(400, 131026, '(#131026) Message undeliverable', 'OAuthException');
    }
    const id = `wamid.${randomUUID().replaceAll('-', '')}`;
    this.received.push({
      id,
      to: parsed.to,
      template: template.name,
      language: template.language.code,
      body,
      urlButton: button?.parameters[0]?.text,
    });
    answer(200, {
      messaging_product: 'whatsapp',
      contacts: [{ input: parsed.to, wa_id: parsed.to }],
      messages: [{ id }],
    });
  }
}

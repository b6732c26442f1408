import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request as a fake courier reads it. */
export interface FakeRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  /** The JSON body, or undefined when there is none or it is not JSON. */
  body: unknown;
}

/** What a fake answers: a status, and JSON or bytes. */
export type FakeAnswer =
  | { status: number; json: unknown }
  | { status: number; bytes: Uint8Array; contentType: string };

/** Every request a fake received, for tests to read. */
export interface SeenRequest {
  method: string;
  path: string;
  query: string;
  body: unknown;
}

/**
 * A tiny HTTP server on 127.0.0.1 (a free port, or the one asked for) for the fake couriers: it reads
 * JSON bodies, records every request and can hold requests unanswered, so a test can stop the shop
 * while a call is in flight.
 */
export class FakeHttpServer {
  readonly seen: SeenRequest[] = [];
  #server!: Server;
  #holding = false;
  readonly #held = new Set<() => void>();

  private constructor(private readonly handler: (request: FakeRequest) => FakeAnswer | Promise<FakeAnswer>) {}

  static async start(
    handler: (request: FakeRequest) => FakeAnswer | Promise<FakeAnswer>,
    port = 0,
  ): Promise<FakeHttpServer> {
    const fake = new FakeHttpServer(handler);
    fake.#server = createServer((request, response) => void fake.#handle(request, response));
    await new Promise<void>((resolve) => fake.#server.listen(port, '127.0.0.1', resolve));
    return fake;
  }

  get origin(): string {
    return `http://127.0.0.1:${(this.#server.address() as AddressInfo).port}`;
  }

  /** From now on requests wait, unanswered, until `release`. */
  hold(): void {
    this.#holding = true;
  }

  get held(): number {
    return this.#held.size;
  }

  release(): void {
    this.#holding = false;
    for (const go of [...this.#held]) go();
  }

  async close(): Promise<void> {
    this.release();
    this.#server.closeAllConnections();
    await new Promise<void>((resolve) => this.#server.close(() => resolve()));
  }

  async #handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      body = undefined;
    }
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (this.#holding) {
      await new Promise<void>((resolve) => {
        const go = () => {
          this.#held.delete(go);
          resolve();
        };
        this.#held.add(go);
      });
    }
    // A client that went away while held never reached the courier.
    if (response.destroyed || request.socket.destroyed) return;
    this.seen.push({ method: request.method ?? 'GET', path: url.pathname, query: url.search, body });
    let answer: FakeAnswer;
    try {
      answer = await this.handler({
        method: request.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        headers: request.headers,
        body,
      });
    } catch (error) {
      answer = { status: 500, json: { error: (error as Error).message } };
    }
    if (response.destroyed) return;
    if ('json' in answer) {
      response.writeHead(answer.status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(answer.json));
    } else {
      response.writeHead(answer.status, { 'content-type': answer.contentType });
      response.end(Buffer.from(answer.bytes));
    }
  }
}

/** A one-page PDF saying `text`, for the fakes' airway bills and load sheets. */
export function tinyPdf(text: string): Uint8Array {
  const escaped = text.replace(/[()\\]/g, (c) => `\\${c}`);
  const stream = `BT /F1 12 Tf 72 720 Td (${escaped}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(pdf.length);
    pdf += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) pdf += `${String(offset).padStart(10, '0')} 00000 n \n`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new TextEncoder().encode(pdf);
}

/** Karachi wall time with no offset, `2024-05-02 13:00:00`, as PostEx often writes it. */
export function karachiWallTime(at: Date): string {
  return new Date(at.getTime() + 5 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
}

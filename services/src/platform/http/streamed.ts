/**
 * Answers written as they are read. Each chunk comes from an iterator that reads it when asked (the
 * read models' `...InChunks`), and the stream asks for the next only when the client has taken the
 * last (the Node adapter waits for the socket to drain), so the server holds a chunk or two whatever
 * the list's length. When the client goes away the adapter cancels the stream, which returns the
 * iterator: nothing more is read.
 */

const encoder = new TextEncoder();

/** A body pulled from `chunks`, each turned into text by `write`; what `end` answers closes it. */
export function pulledFrom<T>(
  chunks: Iterator<T, unknown, undefined>,
  write: (chunk: T) => string,
  end: () => string,
): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        for (;;) {
          const next = chunks.next();
          if (next.done) {
            const last = end();
            if (last) controller.enqueue(encoder.encode(last));
            controller.close();
            return;
          }
          const text = write(next.value);
          if (text) {
            controller.enqueue(encoder.encode(text));
            return;
          }
        }
      },
      cancel() {
        chunks.return?.();
      },
    },
    // One chunk queued ahead of the socket at most.
    { highWaterMark: 1 },
  );
}

/** A JSON array whose items come a chunk at a time: the same text `c.json(array)` would send. */
export function streamedJsonArray(chunks: Iterator<readonly unknown[], unknown, undefined>): Response {
  let opened = false;
  const body = pulledFrom(
    chunks,
    (items) => {
      let text = '';
      for (const item of items) {
        text += `${opened ? ',' : '['}${JSON.stringify(item)}`;
        opened = true;
      }
      return text;
    },
    () => (opened ? ']' : '[]'),
  );
  return new Response(body, { headers: { 'Content-Type': 'application/json' } });
}

/**
 * A cell a spreadsheet would run as a formula (`=`, `+`, `-`, `@`, tab, carriage return first) gets a
 * leading apostrophe, as OWASP's CSV-injection advice says. Only text: numbers stay numbers.
 */
export function neutralisedText(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/** A spreadsheet cell a program cannot run (text neutralised), quoted where RFC 4180 needs it. */
export function csvCell(value: string | number | null | undefined): string {
  const text =
    value === null || value === undefined
      ? ''
      : typeof value === 'string'
        ? neutralisedText(value)
        : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

const csvLine = (cells: readonly (string | number | null | undefined)[]) =>
  `${cells.map(csvCell).join(',')}\r\n`;

/**
 * A CSV download (RFC 4180 lines, UTF-8 with a byte-order mark so spreadsheet programs read it as
 * such): the header row, then each chunk's rows as they are read. Every cell goes through `csvCell`.
 */
export function streamedCsv(
  filename: string,
  header: readonly string[],
  chunks: Iterator<readonly (readonly (string | number | null | undefined)[])[], unknown, undefined>,
): Response {
  let headed = false;
  const head = () => {
    if (headed) return '';
    headed = true;
    return `\uFEFF${csvLine(header)}`;
  };
  const body = pulledFrom(chunks, (rows) => head() + rows.map(csvLine).join(''), head);
  return new Response(body, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${filename}"`,
    },
  });
}

import type { RecordedEvent } from '@shop/contracts';
import type { CatchUpSource } from '../catch-up-subscription';
import type { ReadAheadResult, ReadAheadWorker } from './read-ahead-worker';
import { fromJsonBatch, jsonBatchExtent } from './sqlite-schema';

/** The reads a subscription's source makes of one store. */
export interface CatchUpReads {
  /** The batch as one JSON text (READ_ALL_AFTER_AS_JSON), on this thread. */
  jsonAfter(position: number, limit: number): string | null;
  /** The batch row by row, each column parsed on its own: slower, and its errors name the row at fault. */
  rowsAfter(position: number, limit: number): RecordedEvent[];
  /** Reads the next batch while this one is handled; file-backed stores only. */
  readAhead?: ReadAheadWorker;
}

interface Prefetch {
  afterPosition: number;
  limit: number;
  result: Promise<ReadAheadResult>;
}

/**
 * The source of one subscription on the SQLite store. Each batch is read as one JSON text; a text that
 * does not parse as one (a corrupt row) is read again row by row, so the caller sees the error it always
 * did. While batches come back full (the subscriber is far behind) the read-ahead worker produces the
 * next one's text meanwhile, asked for before this one is even parsed; once a batch is short (caught
 * up), reads stay on this thread, without the hop, until the subscriber falls behind again.
 */
export function sqliteCatchUpSource(reads: CatchUpReads): CatchUpSource {
  let prefetch: Prefetch | undefined;

  const batchOf = (position: number, limit: number, text: string | null): RecordedEvent[] => {
    if (text !== null && reads.readAhead) {
      const { count, lastPosition } = jsonBatchExtent(text);
      if (count === limit) {
        prefetch = { afterPosition: lastPosition, limit, result: reads.readAhead.read(lastPosition, limit) };
      }
    }
    try {
      return fromJsonBatch(text);
    } catch {
      return reads.rowsAfter(position, limit);
    }
  };

  const readHere = (position: number, limit: number): RecordedEvent[] => {
    let text: string | null;
    try {
      text = reads.jsonAfter(position, limit);
    } catch {
      // Such as a batch too long for one string: the rows, one by one, may still fit.
      return reads.rowsAfter(position, limit);
    }
    return batchOf(position, limit, text);
  };

  return {
    readAfter(position, limit) {
      const ahead = prefetch;
      prefetch = undefined;
      if (ahead?.afterPosition !== position || ahead.limit !== limit) return readHere(position, limit);
      return ahead.result.then((result) =>
        result ? batchOf(position, limit, result.text) : readHere(position, limit),
      );
    },
  };
}

import {
  type EventStore,
  type ExpectedRevision,
  NO_STREAM,
  StreamNotFound,
  WrongExpectedVersion,
} from '@shop/contracts';

/** One writer of a lost-update probe: `count` events numbered 0..count-1, all to one stream. */
export interface RacingAppendJob {
  stream: string;
  writer: string;
  count: number;
  /** Epoch ms to start at, so writers in different processes begin together whatever their start-up time. */
  startAt?: number;
  /** Up to this many ms (random) between learning a revision and appending at it, as a handler deciding would. */
  thinkMs?: number;
}

export interface RacingAppendReport {
  writer: string;
  appended: number;
  /** WrongExpectedVersion errors met and retried: how often another writer got there first. */
  conflicts: number;
}

export interface CountedEventData {
  writer: string;
  seq: number;
}

/**
 * Appends each event at the revision this writer last saw, retrying after WrongExpectedVersion with the
 * revision the error reports. Run by several writers on one stream, a store that checks expectations
 * atomically ends with every (writer, seq) exactly once; one that does not loses or duplicates some.
 * No test framework here: a child process runs it too.
 */
export async function appendRacing(store: EventStore, job: RacingAppendJob): Promise<RacingAppendReport> {
  await sleep((job.startAt ?? 0) - Date.now());
  let expected: ExpectedRevision = await currentRevision(store, job.stream);
  let conflicts = 0;
  let seq = 0;
  while (seq < job.count) {
    const data: CountedEventData = { writer: job.writer, seq };
    if (job.thinkMs) await sleep(Math.random() * job.thinkMs);
    try {
      const result = await store.append(job.stream, [{ type: 'Counted', data }], {
        expectedRevision: expected,
      });
      expected = result.nextExpectedRevision;
      seq += 1;
    } catch (error) {
      if (!(error instanceof WrongExpectedVersion)) throw error;
      conflicts += 1;
      expected = error.actual;
    }
  }
  return { writer: job.writer, appended: seq, conflicts };
}

async function currentRevision(store: EventStore, stream: string): Promise<ExpectedRevision> {
  try {
    const [last] = await store.readStream(stream, { direction: 'backwards', maxCount: 1 });
    return last?.revision ?? NO_STREAM;
  } catch (error) {
    if (error instanceof StreamNotFound) return NO_STREAM;
    throw error;
  }
}

const sleep = (ms: number) => new Promise<void>((resolve) => (ms > 0 ? setTimeout(resolve, ms) : resolve()));

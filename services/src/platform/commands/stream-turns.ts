/**
 * Commands on one stream take turns within this process: each runs its read, decide and append after
 * the previous one on that stream has finished, instead of racing it to the same expected revision
 * and losing. Commands on different streams do not wait for each other, and their appends still meet
 * in the store's group commit. A stream's line is forgotten as soon as it is empty, so the map holds
 * only the streams being written right now.
 *
 * The order is first come, first served; a turn that throws passes the turn on all the same.
 */
export class StreamTurns {
  readonly #tails = new Map<string, Promise<unknown>>();

  /** Runs `work` once every earlier turn on `stream` has ended, and answers what it answers. */
  run<Result>(stream: string, work: () => Promise<Result>): Promise<Result> {
    const previous = this.#tails.get(stream);
    const turn = previous ? previous.then(work, work) : work();
    const tail = turn.then(
      () => undefined,
      () => undefined,
    );
    this.#tails.set(stream, tail);
    void tail.then(() => {
      if (this.#tails.get(stream) === tail) this.#tails.delete(stream);
    });
    return turn;
  }

  /** Streams with a turn running or waiting: what a test or a health probe may look at. */
  get busyStreams(): number {
    return this.#tails.size;
  }
}

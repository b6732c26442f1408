/** A stream's state folded up to a revision, and the evolve that folded it. */
interface Folded {
  evolve: unknown;
  state: unknown;
  /** Revision of the last event folded in. */
  revision: number;
}

/**
 * The latest folded state of the streams commands handled recently, so the next command on a stream
 * reads and folds only what was appended since: a product's stream gains an event with every order,
 * and re-reading it whole made each order slower than the last. The log stays the truth: a command
 * always reads the stream's tail after the cached revision, so a write by another process is folded
 * in, and its append still names the revision it decided on. Least recently used streams are dropped.
 */
export class AggregateCache {
  readonly #folded = new Map<string, Folded>();

  constructor(private readonly maxStreams = 10_000) {}

  /** The cached fold of `stream`, if `evolve` made it (a stream is folded by one aggregate only). */
  get<State>(stream: string, evolve: unknown): { state: State; revision: number } | undefined {
    const folded = this.#folded.get(stream);
    if (!folded || folded.evolve !== evolve) return undefined;
    this.#folded.delete(stream);
    this.#folded.set(stream, folded);
    return { state: folded.state as State, revision: folded.revision };
  }

  /** Keeps a state; evolve must be pure, since the same state object is handed out again. */
  set(stream: string, evolve: unknown, state: unknown, revision: number): void {
    const known = this.#folded.get(stream);
    if (known && known.evolve === evolve && known.revision > revision) return;
    this.#folded.delete(stream);
    this.#folded.set(stream, { evolve, state, revision });
    if (this.#folded.size > this.maxStreams) {
      const oldest = this.#folded.keys().next().value;
      if (oldest !== undefined) this.#folded.delete(oldest);
    }
  }
}

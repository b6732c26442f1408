import type { Logger } from './logger';

/**
 * Work a request starts and does not wait for, so that its answer cannot tell what the work was
 * (a reset request for a known e-mail answers as fast as one for an unknown). A failure is logged;
 * closing the shop waits for what is still running.
 */
export class BackgroundWork {
  private readonly running = new Set<Promise<void>>();

  constructor(private readonly logger: Logger) {}

  run(name: string, work: () => Promise<unknown>): void {
    const task: Promise<void> = work()
      .then(
        () => {},
        (error: unknown) => this.logger.error(`${name} failed`, { error }),
      )
      .finally(() => this.running.delete(task));
    this.running.add(task);
  }

  /** Resolves once nothing started so far (or while waiting) is still running. */
  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.all(this.running);
  }
}

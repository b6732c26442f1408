import { CalendarDay, type EventStore, type RecordedEvent } from '@shop/contracts';
import { UsageError } from './io';

const PAGE_SIZE = 500;

/** The whole log in position order, a page at a time. */
export async function* readLog(store: EventStore, pageSize = PAGE_SIZE): AsyncGenerator<RecordedEvent> {
  let after = 0;
  for (;;) {
    const page = await store.readAll({ fromPosition: after + 1, maxCount: pageSize });
    for (const event of page) yield event;
    const last = page.at(-1);
    if (!last || page.length < pageSize) return;
    after = last.position;
  }
}

/** A calendar day argument, YYYY-MM-DD, that is a real date. */
export function parseDay(name: string, value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  if (!CalendarDay.safeParse(value).success)
    throw new UsageError(`--${name} must be a date, YYYY-MM-DD (got '${value}')`);
  return value;
}

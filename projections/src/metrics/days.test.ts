import { describe, expect, it } from 'vitest';
import { calendarDay, daysEndingWith } from './days';

describe('calendar days in Asia/Karachi', () => {
  it('puts an instant after 19:00 UTC on the next Karachi day', () => {
    expect(calendarDay('2024-03-09T18:59:59.999Z')).toBe('2024-03-09');
    expect(calendarDay('2024-03-09T19:00:00.000Z')).toBe('2024-03-10');
  });

  it('honours another time zone when asked', () => {
    expect(calendarDay('2024-03-09T19:00:00.000Z', 'UTC')).toBe('2024-03-09');
  });

  it('lists the days ending with a day, across month and leap-year ends, oldest first', () => {
    expect(daysEndingWith('2024-03-02', 4)).toEqual(['2024-02-28', '2024-02-29', '2024-03-01', '2024-03-02']);
    const month = daysEndingWith('2025-01-05', 30);
    expect(month).toHaveLength(30);
    expect(month[0]).toBe('2024-12-07');
    expect(new Set(month).size).toBe(30);
  });
});

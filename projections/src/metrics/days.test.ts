import { addDays } from '@shop/contracts';
import { describe, expect, it } from 'vitest';
import { calendarDay, daysEndingWith, localDateTime, startOfDay } from './days';

describe('calendar days in Asia/Karachi', () => {
  it('puts an instant after 19:00 UTC on the next Karachi day', () => {
    expect(calendarDay('2024-03-09T18:59:59.999Z')).toBe('2024-03-09');
    expect(calendarDay('2024-03-09T19:00:00.000Z')).toBe('2024-03-10');
  });

  it('follows a zone across its daylight-saving changes, to the millisecond', () => {
    // New York: 2024-03-10 02:00 EST became 03:00 EDT (07:00 UTC); 2024-11-03 02:00 EDT became 01:00 EST.
    const york = (at: string) => calendarDay(at, 'America/New_York');
    expect(york('2024-03-10T04:59:59.999Z')).toBe('2024-03-09');
    expect(york('2024-03-10T05:00:00.000Z')).toBe('2024-03-10');
    expect(york('2024-03-11T03:59:59.999Z')).toBe('2024-03-10');
    expect(york('2024-03-11T04:00:00.000Z')).toBe('2024-03-11');
    expect(york('2024-11-03T03:59:59.999Z')).toBe('2024-11-02');
    expect(york('2024-11-03T04:00:00.000Z')).toBe('2024-11-03');
    expect(york('2024-11-04T04:59:59.999Z')).toBe('2024-11-03');
    expect(york('2024-11-04T05:00:00.000Z')).toBe('2024-11-04');
    // Kathmandu is 5:45 ahead: midnight falls at 18:15 UTC.
    expect(calendarDay('2024-06-01T18:14:59.999Z', 'Asia/Kathmandu')).toBe('2024-06-01');
    expect(calendarDay('2024-06-01T18:15:00.000Z', 'Asia/Kathmandu')).toBe('2024-06-02');
    // Lord Howe Island moves by half an hour: 2024-04-07 02:00 +11 became 01:30 +10:30 (15:00 UTC on the 6th).
    expect(calendarDay('2024-04-06T13:29:59.999Z', 'Australia/Lord_Howe')).toBe('2024-04-07');
    expect(calendarDay(new Date('2024-04-06T12:59:59.999Z'), 'Australia/Lord_Howe')).toBe('2024-04-06');
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

  it('finds where a day begins, and reads an instant as the local wall clock', () => {
    expect(startOfDay('2024-03-10')).toBe('2024-03-09T19:00:00.000Z');
    expect(calendarDay(startOfDay('2024-03-10'))).toBe('2024-03-10');
    expect(calendarDay(new Date(Date.parse(startOfDay('2024-03-10')) - 1))).toBe('2024-03-09');
    // New York's spring-forward day still begins at midnight EST; the next at midnight EDT.
    expect(startOfDay('2024-03-10', 'America/New_York')).toBe('2024-03-10T05:00:00.000Z');
    expect(startOfDay('2024-03-11', 'America/New_York')).toBe('2024-03-11T04:00:00.000Z');
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2024-12-31', 1)).toBe('2025-01-01');
    expect(localDateTime('2024-03-09T19:00:00.000Z')).toBe('2024-03-10 00:00:00');
    // New York reads 01:30 twice on 2024-11-03: in EDT, then an hour later in EST.
    expect(localDateTime('2024-11-03T05:30:15.500Z', 'America/New_York')).toBe('2024-11-03 01:30:15');
    expect(localDateTime('2024-11-03T06:30:15.500Z', 'America/New_York')).toBe('2024-11-03 01:30:15');
  });
});

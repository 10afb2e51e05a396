import { describe, expect, it } from 'vitest';
import { staffCalendarDay, staffDay, staffMoment } from './staff-dates';

describe('staff dates', () => {
  it('writes an instant as DD/MM/YYYY HH:mm on the markets’ clock (UTC+8)', () => {
    expect(staffMoment('2026-11-27T02:05:00.000Z')).toBe('27/11/2026 10:05');
    expect(staffDay('2026-11-27T02:05:00.000Z')).toBe('27/11/2026');
  });

  it('moves to the next day from 16:00 UTC, as the markets’ day does', () => {
    expect(staffMoment('2026-12-31T15:59:00Z')).toBe('31/12/2026 23:59');
    expect(staffMoment('2026-12-31T16:00:00Z')).toBe('01/01/2027 00:00');
    expect(staffDay('2026-02-28T16:30:00Z')).toBe('01/03/2026');
  });

  it('says nothing for no instant, and gives back what it cannot read', () => {
    expect(staffMoment(null)).toBe('');
    expect(staffDay(undefined)).toBe('');
    expect(staffMoment('not a date')).toBe('not a date');
  });

  it('writes a stored calendar day as DD/MM/YYYY, and leaves one already written so', () => {
    expect(staffCalendarDay('2026-12-01')).toBe('01/12/2026');
    expect(staffCalendarDay('01/12/2026')).toBe('01/12/2026');
    expect(staffCalendarDay(null)).toBe('');
  });
});

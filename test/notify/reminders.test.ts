// What a reminder job does when it runs (src/notify/reminders.ts), for email and webhooks alike:
// send, skip, or move to a deadline that moved.

import { describe, expect, it } from 'vitest';
import type { Deadline } from '../../src/clock/deadlines.ts';
import { decideReminder, reminderRunAt } from '../../src/notify/reminders.ts';

const MINUTE = 60_000;
const now = new Date('2026-03-03T12:00:00.000Z');
const at = (minutesFromNow: number) => new Date(now.getTime() + minutesFromNow * MINUTE).toISOString();
const awaited = (overrides: Partial<Deadline> = {}): Deadline => ({ seat: 1, windowId: 'w-7', situation: 'turn', deadline: at(30), ...overrides });
const target = { seat: 1, windowId: 'w-7', deadline: at(30) };

describe('reminderRunAt', () => {
  it('is the lead before the deadline', () => {
    expect(reminderRunAt(at(90), 60 * MINUTE, now)).toEqual(new Date(at(30)));
  });

  it('is null when that time has come already, or is now', () => {
    expect(reminderRunAt(at(30), 60 * MINUTE, now)).toBeNull();
    expect(reminderRunAt(at(60), 60 * MINUTE, now)).toBeNull();
  });

  it('is null for a deadline that does not parse', () => {
    expect(reminderRunAt('soon', MINUTE, now)).toBeNull();
  });
});

describe('decideReminder', () => {
  it('sends while the seat is awaited in that window with the same deadline', () => {
    expect(decideReminder(target, [awaited({ seat: 0 }), awaited()], 60 * MINUTE, now)).toEqual({ action: 'send', deadline: awaited() });
  });

  it('skips a seat that acted: no longer awaited, or awaited in another window only', () => {
    expect(decideReminder(target, [], 60 * MINUTE, now)).toEqual({ action: 'skip' });
    expect(decideReminder(target, [awaited({ seat: 0 })], 60 * MINUTE, now)).toEqual({ action: 'skip' });
    expect(decideReminder(target, [awaited({ windowId: 'w-8' })], 60 * MINUTE, now)).toEqual({ action: 'skip' });
  });

  it('skips once the deadline has passed (a job run late), and when the player turned reminders off', () => {
    expect(decideReminder({ ...target, deadline: at(-1) }, [awaited({ deadline: at(-1) })], MINUTE, now)).toEqual({ action: 'skip' });
    expect(decideReminder(target, [awaited()], null, now)).toEqual({ action: 'skip' });
  });

  it('moves to a deadline a vacation moved later: due the same lead before the new one', () => {
    const moved = awaited({ deadline: at(30 + 24 * 60) });
    expect(decideReminder(target, [moved], 60 * MINUTE, now)).toEqual({ action: 'reschedule', deadline: moved, runAt: new Date(at(24 * 60 - 30)) });
  });

  it('sends at once when the moved deadline is already within the lead', () => {
    const moved = awaited({ deadline: at(45) });
    expect(decideReminder(target, [moved], 60 * MINUTE, now)).toEqual({ action: 'send', deadline: moved });
  });
});

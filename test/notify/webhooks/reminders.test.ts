// Which reminder jobs a notice queues for webhook subscriptions, and what a reminder says.

import { describe, expect, it } from 'vitest';
import type { GameRow } from '../../../src/store/event-store.ts';
import type { SeatRow } from '../../../src/store/seats.ts';
import { reminderNotification } from '../../../src/notify/webhooks/notifications.ts';
import { DEFAULT_REMINDER_MINUTES, plannedReminders, reminderKey, reminderLeadMs, REMINDER_MINUTES } from '../../../src/notify/webhooks/reminders.ts';

const MINUTE = 60_000;
const now = new Date('2026-03-03T12:00:00.000Z');
const at = (minutes: number) => new Date(now.getTime() + minutes * MINUTE).toISOString();
const awaited = (seat: number, deadline: string) => ({ seat, windowId: 'w-3', situation: 'defence', deadline });

describe('plannedReminders', () => {
  it('one job per wish, due reminderMinutes before the deadline', () => {
    const planned = plannedReminders(
      [
        { subscriptionId: 's-1', gameId: 'g-1', reminderMinutes: 60, awaited: awaited(0, at(12 * 60)) },
        { subscriptionId: 's-2', gameId: 'g-1', reminderMinutes: 10, awaited: awaited(1, at(12 * 60)) },
      ],
      1,
      now,
    );
    expect(planned).toEqual([
      { job: { subscriptionId: 's-1', gameId: 'g-1', seat: 0, windowId: 'w-3', deadline: at(12 * 60) }, runAt: new Date(at(11 * 60)) },
      { job: { subscriptionId: 's-2', gameId: 'g-1', seat: 1, windowId: 'w-3', deadline: at(12 * 60) }, runAt: new Date(at(12 * 60 - 10)) },
    ]);
  });

  it('none without reminders, and none whose time has passed (a deadline nearer than the lead)', () => {
    expect(
      plannedReminders(
        [
          { subscriptionId: 's-1', gameId: 'g-1', reminderMinutes: null, awaited: awaited(0, at(12 * 60)) },
          { subscriptionId: 's-2', gameId: 'g-1', reminderMinutes: 60, awaited: awaited(0, at(5)) },
          { subscriptionId: 's-3', gameId: 'g-1', reminderMinutes: 60, awaited: awaited(0, at(60)) },
        ],
        1,
        now,
      ),
    ).toEqual([]);
  });

  it('the scale shrinks the lead (tests run clocks of seconds)', () => {
    expect(reminderLeadMs(60, 1)).toBe(3_600_000);
    expect(reminderLeadMs(1, 0.01)).toBe(600);
    const [planned] = plannedReminders([{ subscriptionId: 's', gameId: 'g', reminderMinutes: 1, awaited: awaited(0, at(1)) }], 0.01, now);
    expect(planned!.runAt).toEqual(new Date(now.getTime() + MINUTE - 600));
  });

  it('the key names the subscription, game and seat, not the window or deadline: a moved reminder, or the seat’s next window, replaces it', () => {
    expect(reminderKey({ subscriptionId: 's-1', gameId: 'g-7', seat: 2 })).toBe('whremind:s-1:g-7:2');
    // Two games of one subscription, each awaiting seat 0 in its own window w1, keep a job each.
    expect(reminderKey({ subscriptionId: 's-1', gameId: 'g-7', seat: 0 })).not.toBe(reminderKey({ subscriptionId: 's-1', gameId: 'g-8', seat: 0 }));
  });

  it('the default lead is within the accepted range', () => {
    expect(DEFAULT_REMINDER_MINUTES).toBeGreaterThanOrEqual(REMINDER_MINUTES.min);
    expect(DEFAULT_REMINDER_MINUTES).toBeLessThanOrEqual(REMINDER_MINUTES.max);
  });
});

describe('reminderNotification', () => {
  const game = {
    id: 'g-1',
    options: { public: { map: 'dan-tanna-enid-blyton', seats: [{ team: 'judges' }, { team: 'slaine' }] } },
  } as unknown as GameRow;
  const seats = [{ seat: 1, handle: 'sl\u00e1ine' }] as unknown as SeatRow[];
  const notified = { game, title: 'Dan Tanna Enid Blyton — Judges v Slaine', seats, publicUrl: 'https://play.example.test', legalCount: () => 4, winners: [] };

  it('is about the seat and its current deadline, with a stable id per seat and window', () => {
    const deadline = { seat: 1, windowId: 'w 3', situation: 'defence', deadline: at(30) };
    const n = reminderNotification(notified, deadline, now.toISOString(), true);
    expect(n).toMatchObject({
      kind: 'reminder',
      seat: 1,
      situation: 'defence',
      windowId: 'w 3',
      deadline: at(30),
      legalCommandCount: 4,
      game: { id: 'g-1', title: 'Dan Tanna Enid Blyton — Judges v Slaine', url: 'https://play.example.test/games/g-1' },
    });
    expect(n.summary).toBe('Seat 1 (sláine) has not acted yet: the defence deadline is near.');
    // The id travels as the `webhook-id` header: printable ASCII only; and a moved deadline keeps it.
    expect(n.id).toBe('reminder_g-1_s1_w3');
    expect(reminderNotification(notified, { ...deadline, deadline: at(90) }, now.toISOString(), true).id).toBe(n.id);
  });

  it('tells the seat’s legal command count only to the seat’s owner, never to another subscriber of the game', () => {
    // How many commands a seat has says whether it holds an INTERRUPT or a defence.
    const deadline = { seat: 1, windowId: 'w3', situation: 'interrupt', deadline: at(30) };
    expect(reminderNotification(notified, deadline, now.toISOString(), false).legalCommandCount).toBeNull();
  });
});

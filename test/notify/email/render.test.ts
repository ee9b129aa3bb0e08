import { describe, expect, it } from 'vitest';
import { renderEmail, type EmailInput } from '../../../src/delivery/email/render.ts';
import type { Notification } from '../../../src/notify/notification.ts';
import { GAME, notification, WORDING } from './fixtures.ts';

const input = (notifications: Notification[], overrides: Partial<EmailInput> = {}): EmailInput => ({
  to: { address: 'slaine@example.org', handle: 'Slaine', timeZone: 'America/New_York' },
  notifications,
  unsubscribeUrl: 'https://play.example.org/unsubscribe/tok-123',
  wording: WORDING,
  ...overrides,
});

describe('rendering an email', () => {
  it.each([
    [{ situation: 'turn' }, 'Your turn in Block War in Sector 13'],
    [{ situation: 'defence' }, 'Defend now in Block War in Sector 13'],
    [{ situation: 'interrupt' }, 'You may INTERRUPT in Block War in Sector 13'],
    [{ situation: 'setup' }, 'Choose starting cards in Block War in Sector 13'],
    [{ kind: 'reminder', situation: 'turn' }, 'Deadline soon in Block War in Sector 13'],
    [{ kind: 'ended', situation: null, deadline: null, legalCommandCount: null }, 'Block War in Sector 13 is over'],
  ] as Array<[Partial<Notification>, string]>)('the subject names the game and the situation: %o', (overrides, subject) => {
    expect(renderEmail(input([notification(overrides)])).subject).toBe(subject);
  });

  it.each([
    ['no words given', { wording: undefined }, notification()],
    ['a game it does not know', {}, notification({ game: { ...GAME, module: 'no-such-game' } })],
    ['a situation the game does not name', {}, notification({ situation: 'parley' })],
  ] as Array<[string, Partial<EmailInput>, Notification]>)('without the game’s words (%s) it speaks in general words', (_, overrides, n) => {
    const email = renderEmail(input([n], overrides));
    expect(email.subject).toBe('Your move in Block War in Sector 13');
    expect(email.text).toContain('The game is waiting for you.');
  });

  it('says what happened, what is asked, by when on the player’s clock, where to go and how many commands are legal', () => {
    const email = renderEmail(input([notification()]));
    for (const part of [email.text, email.html]) {
      expect(part).toContain('Hello Slaine,');
      expect(part).toContain('Seat 0 (Judge Dredd) attacked Sláine with a SMASH.');
      expect(part).toContain('You are the defender: choose a defence, or take the damage.');
      expect(part).toContain('Deadline: Tuesday, 3 March 2026 at 14:30 GMT-5 (America/New_York)');
      expect(part).toContain('You have 3 legal commands to choose from.');
      expect(part).toContain(GAME.url);
      expect(part).toContain('https://play.example.org/unsubscribe/tok-123');
    }
    expect(email.html).toContain(`<a href="${GAME.url}">Open Block War in Sector 13</a>`);
  });

  it('a reminder says the deadline is near and repeats what is asked', () => {
    const email = renderEmail(input([notification({ kind: 'reminder', situation: 'turn', legalCommandCount: 1 })]));
    expect(email.text).toContain('Your deadline is near and you have not acted yet. It is your turn');
    expect(email.text).toContain('You have 1 legal command to choose from.');
  });

  it('the end of the game asks for nothing and has no deadline', () => {
    const email = renderEmail(
      input([notification({ kind: 'ended', situation: null, deadline: null, legalCommandCount: null, summary: 'Dredd’s team won with 9 points.' })]),
    );
    expect(email.text).toContain('Dredd’s team won with 9 points.');
    expect(email.text).toContain('The game is over');
    expect(email.text).not.toContain('Deadline:');
    expect(email.text).not.toContain('legal command');
  });

  it('carries one-click unsubscribe (RFC 8058) and the game id in its headers', () => {
    expect(renderEmail(input([notification()])).headers).toMatchObject({
      'List-Unsubscribe': '<https://play.example.org/unsubscribe/tok-123>',
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      'X-Game-Id': GAME.id,
    });
  });

  it('escapes a hostile title, handle and summary in the HTML part', () => {
    const hostile = '<script>alert("x")</script> & <img src=x onerror=\'steal()\'>';
    const email = renderEmail(
      input([notification({ game: { ...GAME, title: hostile }, summary: `Seat 2 (${hostile}) ended the turn.` })], {
        to: { address: 'slaine@example.org', handle: `<b onmouseover="pwn()">Slaine</b>`, timeZone: 'UTC' },
      }),
    );
    expect(email.html).not.toMatch(/<script|<img|<b /);
    expect(email.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &lt;img src=x onerror=&#39;steal()&#39;&gt;');
    expect(email.html).toContain('Hello &lt;b onmouseover=&quot;pwn()&quot;&gt;Slaine&lt;/b&gt;,');
    // The plain-text part is not HTML: it shows the title as the player typed it.
    expect(email.text).toContain(hostile);
  });

  it('keeps a line break in a title out of the subject', () => {
    const email = renderEmail(input([notification({ game: { ...GAME, title: 'Sector 13\r\nBcc: everyone@example.org' } })]));
    expect(email.subject).toBe('Defend now in Sector 13 Bcc: everyone@example.org');
  });

  it('a digest of three notifications is one email, oldest first, mentioning all three', () => {
    const email = renderEmail(
      input([
        notification({ id: 'n3', kind: 'reminder', situation: 'turn', summary: 'Third: your deadline nears.', at: '2026-03-02T21:00:00.000Z' }),
        notification({ id: 'n1', situation: 'interrupt', summary: 'First: Dredd moved next to you.', at: '2026-03-02T19:00:00.000Z' }),
        notification({ id: 'n2', situation: 'turn', summary: 'Second: your turn began.', at: '2026-03-02T20:00:00.000Z' }),
      ]),
    );
    expect(email.subject).toBe('3 updates in Block War in Sector 13');
    for (const part of [email.text, email.html]) {
      const first = part.indexOf('First: Dredd moved next to you.');
      const second = part.indexOf('Second: your turn began.');
      const third = part.indexOf('Third: your deadline nears.');
      expect(first).toBeGreaterThan(-1);
      expect(second).toBeGreaterThan(first);
      expect(third).toBeGreaterThan(second);
    }
    expect(email.text).toContain('1. First: Dredd moved next to you.');
    expect(email.text).toContain('3. Third: your deadline nears.');
    expect(email.text.match(/Open the game:/g)).toHaveLength(1);
  });

  it('refuses a digest that mixes games, and an email about nothing', () => {
    const other = notification({ game: { ...GAME, id: 'game-other' } });
    expect(() => renderEmail(input([notification(), other]))).toThrow(/one game/);
    expect(() => renderEmail(input([]))).toThrow(/at least one notification/);
  });

  it('shows the deadline in UTC when the player’s time zone is unknown', () => {
    const email = renderEmail(input([notification()], { to: { address: 'a@example.org', handle: 'A', timeZone: 'Mars/Olympus_Mons' } }));
    expect(email.text).toContain('Deadline: Tuesday, 3 March 2026 at 19:30 UTC');
    expect(email.text).not.toContain('Mars');
  });

  it('shows the deadline on the player’s own calendar day', () => {
    const email = renderEmail(input([notification()], { to: { address: 'a@example.org', handle: 'A', timeZone: 'Asia/Kolkata' } }));
    expect(email.text).toContain('Deadline: Wednesday, 4 March 2026 at 01:00 GMT+5:30 (Asia/Kolkata)');
  });
});

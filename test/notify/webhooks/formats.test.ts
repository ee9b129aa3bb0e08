// The three bodies a webhook can carry: our JSON, and what Discord's and Slack's incoming
// webhooks accept. Player-written text must read as text there: no pings, no markup, no links.

import { describe, expect, it } from 'vitest';
import type { Notification } from '../../../src/notify/notification.ts';
import { escapeToFit, renderPayload } from '../../../src/notify/webhooks/formats.ts';

const deadline = '2026-11-24T18:00:00.000Z';
const deadlineUnix = Date.parse(deadline) / 1000;

function notification(overrides: Partial<Notification> = {}): Notification {
  return {
    id: 'ntf_01',
    kind: 'awaited',
    game: { id: 'g-42', module: 'some-game', title: 'Block War', url: 'https://hs.example/games/g-42' },
    seat: 2,
    situation: 'defence',
    windowId: 'w-7',
    deadline,
    legalCommandCount: 3,
    summary: 'Seat 1 (Sláine) attacked Dredd with a SMASH.',
    at: '2026-11-23T10:00:00.000Z',
    ...overrides,
  };
}

const hostile = notification({
  game: { id: 'g-66', module: 'some-game', title: '@everyone <script>alert(1)</script> **big** [x](https://evil.example) <@123> & co', url: 'https://hs.example/games/g-66' },
  summary: '@here <!channel> `code` _it_ ~~s~~ || spoiler || > quote',
});

// Shapes we read: the payloads are plain objects of the platforms' documented fields.
interface DiscordBody {
  content: string;
  embeds: { title: string; url: string; description: string; fields: { name: string; value: string }[]; timestamp: string }[];
  allowed_mentions: { parse: string[] };
}
interface SlackBody {
  text: string;
  blocks: { type: string; text?: { type: string; text: string }; elements?: { type: string; text: string }[] }[];
}

describe('json format', () => {
  it('follows the Standard Webhooks convention: type, timestamp and data', () => {
    const body = renderPayload('json', notification());
    expect(body).toEqual({
      type: 'seat.awaited',
      id: 'ntf_01',
      timestamp: '2026-11-23T10:00:00.000Z',
      data: {
        game: { id: 'g-42', title: 'Block War', url: 'https://hs.example/games/g-42' },
        seat: 2,
        situation: 'defence',
        windowId: 'w-7',
        deadline,
        legalCommandCount: 3,
        summary: 'Seat 1 (Sláine) attacked Dredd with a SMASH.',
      },
    });
  });

  it('names each kind of notification with its event type', () => {
    expect(renderPayload('json', notification({ kind: 'reminder' }))).toMatchObject({ type: 'deadline.near' });
    expect(renderPayload('json', notification({ kind: 'ended', seat: null, situation: null, legalCommandCount: null }))).toMatchObject({
      type: 'game.ended',
      data: { seat: null, situation: null, legalCommandCount: null },
    });
  });

  it('carries player text unchanged: JSON needs no escaping beyond its own', () => {
    const body = renderPayload('json', hostile) as { data: { game: { title: string } } };
    expect(body.data.game.title).toBe(hostile.game.title);
    expect(JSON.parse(JSON.stringify(body))).toEqual(body);
  });
});

describe('discord format', () => {
  it('has short content and one embed with the title, link, summary, seat, situation and deadline', () => {
    const body = renderPayload('discord', notification()) as DiscordBody;
    expect(body.content).toBe('Seat 2: your defence in **Block War**.');
    expect(body.embeds).toHaveLength(1);
    const [embed] = body.embeds;
    expect(embed?.title).toBe('Block War');
    expect(embed?.url).toBe('https://hs.example/games/g-42');
    expect(embed?.description).toBe('Seat 1 \\(Sláine\\) attacked Dredd with a SMASH.');
    expect(embed?.timestamp).toBe('2026-11-23T10:00:00.000Z');
    expect(embed?.fields).toEqual([
      { name: 'Seat', value: 'Seat 2', inline: true },
      { name: 'Situation', value: 'defence', inline: true },
      { name: 'Deadline', value: `<t:${deadlineUnix}:R> (<t:${deadlineUnix}:f>)`, inline: true },
    ]);
    expect(body.allowed_mentions).toEqual({ parse: [] });
  });

  it('leaves out the fields a game-end notification does not have', () => {
    const body = renderPayload('discord', notification({ kind: 'ended', seat: null, situation: null, deadline: null })) as DiscordBody;
    expect(body.content).toBe('**Block War** is over.');
    expect(body.embeds[0]?.fields).toEqual([{ name: 'Seat', value: 'All seats', inline: true }]);
  });

  it('a title with @everyone, <script> and markdown neither pings nor formats', () => {
    const body = renderPayload('discord', hostile) as DiscordBody;
    const texts = [body.content, body.embeds[0]?.title ?? '', body.embeds[0]?.description ?? ''];
    for (const text of texts) {
      expect(text).not.toMatch(/@(everyone|here)/);
      expect(text).not.toContain('<@123>');
      expect(text).not.toContain('<script>');
      expect(text).not.toMatch(/(^|[^\\])\[x\]\(/); // no masked link
    }
    expect(body.embeds[0]?.title).toContain('@\u200beveryone \\<script\\>');
    expect(body.embeds[0]?.title).toContain('\\*\\*big\\*\\*');
    expect(body.embeds[0]?.description).toContain('\\`code\\` \\_it\\_ \\~\\~s\\~\\~ \\|\\| spoiler \\|\\| \\> quote');
    expect(body.content).toMatch(/^Seat 2: your defence in \*\*@\u200beveryone/);
    expect(body.allowed_mentions.parse).toEqual([]);
  });

  it('cuts a long title and summary to fit Discord\'s limits', () => {
    const body = renderPayload('discord', notification({ game: { id: 'g', module: 'some-game', title: '*'.repeat(1000), url: 'https://hs.example/g' }, summary: '@'.repeat(10_000) })) as DiscordBody;
    const [embed] = body.embeds;
    expect(body.content.length).toBeLessThanOrEqual(2000);
    expect(embed?.title.length).toBeLessThanOrEqual(256);
    expect(embed?.title).toMatch(/^(\\\*)+…$/); // never half an escape
    expect(embed?.description.length).toBeLessThanOrEqual(4096);
    expect(embed?.description.endsWith('…')).toBe(true);
    const total = (embed?.title.length ?? 0) + (embed?.description.length ?? 0) +
      (embed?.fields ?? []).reduce((sum, f) => sum + f.name.length + f.value.length, 0);
    expect(total).toBeLessThanOrEqual(6000);
  });
});

describe('slack format', () => {
  it('has fallback text and a section linking the game, then a context line', () => {
    const body = renderPayload('slack', notification()) as SlackBody;
    expect(body.text).toBe('Seat 2: your defence in Block War. Seat 1 (Sláine) attacked Dredd with a SMASH.');
    expect(body.blocks.map((b) => b.type)).toEqual(['section', 'context']);
    expect(body.blocks[0]?.text).toEqual({
      type: 'mrkdwn',
      text: '*<https://hs.example/games/g-42|Block War>*\nSeat 1 (Sláine) attacked Dredd with a SMASH.',
    });
    expect(body.blocks[1]?.elements).toEqual([
      {
        type: 'mrkdwn',
        text: `Seat 2 · defence · deadline <!date^${deadlineUnix}^{date_short_pretty} {time}|${deadline}> · 3 legal commands`,
      },
    ]);
  });

  it('escapes &, < and > so no mention, link or tag can form', () => {
    const body = renderPayload('slack', hostile) as SlackBody;
    const section = body.blocks[0]?.text?.text ?? '';
    expect(section).toContain('|@everyone &lt;script&gt;alert(1)&lt;/script&gt; **big** [x](https://evil.example) &lt;@123&gt; &amp; co>*');
    expect(section).toContain('@here &lt;!channel&gt;');
    for (const text of [section, body.text]) {
      expect(text).not.toContain('<script>');
      expect(text).not.toContain('<!channel>');
      expect(text).not.toContain('<@123>');
    }
    // The only '<' left in the section opens our own link.
    expect(section.split('<')).toHaveLength(2);
  });

  it('a URL cannot end the link early', () => {
    const body = renderPayload('slack', notification({ game: { id: 'g', module: 'some-game', title: 'T', url: 'https://hs.example/a|b>c?x=1&y=2' } })) as SlackBody;
    expect(body.blocks[0]?.text?.text).toBe(
      '*<https://hs.example/a%7Cb%3Ec?x=1&amp;y=2|T>*\nSeat 1 (Sláine) attacked Dredd with a SMASH.',
    );
  });

  it('cuts a long summary to fit a section\'s 3000 characters', () => {
    const body = renderPayload('slack', notification({ summary: '<'.repeat(5000) })) as SlackBody;
    const section = body.blocks[0]?.text?.text ?? '';
    expect(section.length).toBeLessThanOrEqual(3000);
    expect(section).toMatch(/(&lt;)+…$/);
    expect(body.text.length).toBeLessThanOrEqual(3000);
  });
});

describe('escapeToFit', () => {
  const upper = (ch: string) => ch.toUpperCase();

  it('keeps text that fits, whole', () => {
    expect(escapeToFit('abc', 3, upper)).toBe('ABC');
  });

  it('cuts with an ellipsis between characters, never inside a surrogate pair', () => {
    expect(escapeToFit('abcd', 3, upper)).toBe('AB…');
    expect(escapeToFit('🎲🎲🎲', 4, (ch) => ch)).toBe('🎲…');
  });
});

describe('the game’s words', () => {
  const words = { label: 'sealed bid', subject: 'Bid in {title}', ask: 'Bid now.', summary: 'Bids are open.' };
  const wording = (module: string | undefined, situation: string) => (module === 'odds' && situation === 'pick' ? words : undefined);
  const ours = notification({ game: { id: 'g-42', module: 'odds', title: 'Block War', url: 'https://hs.example/games/g-42' }, situation: 'pick' });

  it('chats name the situation by the game’s label', () => {
    const discord = renderPayload('discord', ours, wording) as DiscordBody;
    expect(discord.content).toBe('Seat 2: your sealed bid in **Block War**.');
    expect(discord.embeds[0]!.fields).toContainEqual({ name: 'Situation', value: 'sealed bid', inline: true });
    const slack = renderPayload('slack', ours, wording) as SlackBody;
    expect(slack.text).toMatch(/^Seat 2: your sealed bid in Block War\./);
    expect(slack.blocks[1]!.elements![0]!.text).toContain('sealed bid');
  });

  it('without words for it, chats show the situation’s name; our JSON always does, and its body is unchanged', () => {
    expect((renderPayload('discord', notification({ situation: 'pick' }), wording) as DiscordBody).content).toBe('Seat 2: your pick in **Block War**.');
    const json = renderPayload('json', ours, wording) as { data: { situation: string; game: object } };
    expect(json.data.situation).toBe('pick');
    expect(json.data.game).toEqual({ id: 'g-42', title: 'Block War', url: 'https://hs.example/games/g-42' });
  });
});

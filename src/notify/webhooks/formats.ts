// What a webhook's body looks like, by the format its owner chose: our own JSON (the Standard
// Webhooks convention of type/timestamp/data), or a body that Discord's or Slack's incoming
// webhooks accept as they are. Game titles and summaries are written by players, so in chat
// formats they are escaped to read as plain text and never to ping anyone, and cut to fit the
// platform's limits. Chats name the situation in the game's own words (its `label`,
// GameModule.situations); our JSON carries the situation's name, for programs.

import type { WebhookFormat } from '../ports/webhook-subscriptions.ts';
import { NO_WORDING, type Notification, type NotificationKind, type SituationWording } from '../notification.ts';

export type { WebhookFormat } from '../ports/webhook-subscriptions.ts';
export const WEBHOOK_FORMATS: readonly WebhookFormat[] = ['json', 'discord', 'slack'];

export type WebhookEventType = 'seat.awaited' | 'deadline.near' | 'game.ended';

const EVENT_TYPES: Record<NotificationKind, WebhookEventType> = {
  awaited: 'seat.awaited',
  reminder: 'deadline.near',
  ended: 'game.ended',
};

export function eventType(kind: NotificationKind): WebhookEventType {
  return EVENT_TYPES[kind];
}

/** Our JSON body: the notification itself as `data`, less what the envelope already says. */
export type JsonPayloadData = Omit<Notification, 'id' | 'kind' | 'at' | 'game'> & { game: Omit<Notification['game'], 'module'> };

export interface JsonPayload {
  type: WebhookEventType;
  id: string;
  timestamp: string;
  data: JsonPayloadData;
}

export function renderPayload(format: WebhookFormat, n: Notification, wording: SituationWording = NO_WORDING): object {
  switch (format) {
    case 'json':
      return jsonPayload(n);
    case 'discord':
      return discordPayload(n, situationLabel(n, wording));
    case 'slack':
      return slackPayload(n, situationLabel(n, wording));
  }
}

export function jsonPayload(n: Notification): JsonPayload {
  const { id, kind, at, game, ...rest } = n;
  // The game's module id is for our channels' wording; receivers name the game by its title.
  const { module: _module, ...shownGame } = game;
  return { type: eventType(kind), id, timestamp: at, data: { ...rest, game: shownGame } };
}

/** The situation as the game names it (`label`), else its name; null without one. */
function situationLabel(n: Notification, wording: SituationWording): string | null {
  return n.situation === null ? null : (wording(n.game.module, n.situation)?.label ?? n.situation);
}

// ---- Shared wording ----------------------------------------------------------------------

function seatName(seat: number | null): string {
  return seat === null ? 'All seats' : `Seat ${seat}`;
}

/** The one line a chat shows in a notification banner; `title` arrives already escaped and styled. */
function headline(n: Notification, situation: string | null, title: string, escape: (ch: string) => string): string {
  const who = seatName(n.seat);
  switch (n.kind) {
    case 'awaited':
      return situation === null ? `${who}: you can act in ${title}.` : `${who}: your ${escapeToFit(situation, 100, escape)} in ${title}.`;
    case 'reminder':
      return `${who}: your deadline in ${title} is near.`;
    case 'ended':
      return `${title} is over.`;
  }
}

function unixSeconds(iso: string): number | null {
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? null : Math.floor(ms / 1000);
}

/**
 * Escapes `text` character by character and cuts it, with an ellipsis, so the escaped result is
 * at most `max` UTF-16 units (the unit the platforms count in, or more than they count). Cutting
 * between escaped characters never leaves half an escape or half a surrogate pair.
 */
export function escapeToFit(text: string, max: number, escape: (ch: string) => string): string {
  const pieces = Array.from(text, escape);
  const whole = pieces.join('');
  if (whole.length <= max) return whole;
  const ellipsis = '…';
  let kept = '';
  for (const piece of pieces) {
    if (kept.length + piece.length > max - ellipsis.length) break;
    kept += piece;
  }
  return kept + ellipsis;
}

// ---- Discord -----------------------------------------------------------------------------

// https://discord.com/developers/docs/resources/message#embed-object-embed-limits: content 2000,
// title 256, description 4096, field value 1024, and 6000 for an embed's texts together, so the
// description keeps to 4000 to leave room for the title and fields.
const DISCORD = { title: 256, description: 4000, fieldValue: 1024 };
const DISCORD_COLOURS: Record<NotificationKind, number> = { awaited: 0x2f80ed, reminder: 0xf2994a, ended: 0x6b7280 };

/**
 * Discord markdown: a backslash makes any punctuation literal. '@' gets a zero-width space after
 * it so "@everyone", "@here" and "<@123>" read as text even where markdown is not parsed;
 * allowed_mentions is the second lock on the same door.
 */
export function escapeDiscordChar(ch: string): string {
  if (ch === '@') return '@\u200b';
  if (/^[\\*_~`|>#\-[\]()<]$/.test(ch)) return `\\${ch}`;
  if (ch === '\r' || ch === '\n') return ' ';
  return ch;
}

function discordPayload(n: Notification, situation: string | null): object {
  const fields: { name: string; value: string; inline: boolean }[] = [
    { name: 'Seat', value: seatName(n.seat), inline: true },
  ];
  if (situation !== null) {
    fields.push({ name: 'Situation', value: escapeToFit(situation, DISCORD.fieldValue, escapeDiscordChar), inline: true });
  }
  const deadline = n.deadline === null ? null : unixSeconds(n.deadline);
  if (deadline !== null) {
    fields.push({ name: 'Deadline', value: `<t:${deadline}:R> (<t:${deadline}:f>)`, inline: true });
  }
  return {
    content: headline(n, situation, `**${escapeToFit(n.game.title, 200, escapeDiscordChar)}**`, escapeDiscordChar),
    embeds: [
      {
        title: escapeToFit(n.game.title, DISCORD.title, escapeDiscordChar),
        url: n.game.url,
        description: escapeToFit(n.summary, DISCORD.description, escapeDiscordChar),
        color: DISCORD_COLOURS[n.kind],
        fields,
        timestamp: n.at,
      },
    ],
    allowed_mentions: { parse: [] },
  };
}

// ---- Slack -------------------------------------------------------------------------------

// https://api.slack.com/reference/block-kit/blocks: a section's text and a context element's
// text hold at most 3000 characters; a message's fallback `text` should stay under 4000.
const SLACK = { text: 3000, sectionText: 3000 };

/** Slack's three control characters; with '<' escaped, "<!everyone>" and "<@U123>" cannot form. */
export function escapeSlackChar(ch: string): string {
  if (ch === '&') return '&amp;';
  if (ch === '<') return '&lt;';
  if (ch === '>') return '&gt;';
  return ch;
}

/** A URL inside `<url|text>`: '|' and '>' would end it early, so they are percent-encoded. */
function slackUrl(url: string): string {
  return url.replace(/[|<> ]/g, (ch) => encodeURIComponent(ch)).replace(/&/g, '&amp;');
}

function slackPayload(n: Notification, situation: string | null): object {
  const title = escapeToFit(n.game.title, 200, escapeSlackChar);
  const summary = escapeToFit(n.summary, SLACK.sectionText - 300, escapeSlackChar);
  const context = [seatName(n.seat)];
  if (situation !== null) context.push(escapeToFit(situation, 100, escapeSlackChar));
  const deadline = n.deadline === null ? null : unixSeconds(n.deadline);
  if (deadline !== null && n.deadline !== null) {
    context.push(`deadline <!date^${deadline}^{date_short_pretty} {time}|${escapeSlackChar(n.deadline)}>`);
  }
  if (n.legalCommandCount !== null) {
    context.push(`${n.legalCommandCount} legal command${n.legalCommandCount === 1 ? '' : 's'}`);
  }
  return {
    text: `${headline(n, situation, title, escapeSlackChar)} ${escapeToFit(n.summary, SLACK.text - 400, escapeSlackChar)}`,
    blocks: [
      {
        type: 'section',
        text: { type: 'mrkdwn', text: `*<${slackUrl(n.game.url)}|${title}>*\n${summary}` },
      },
      {
        type: 'context',
        elements: [{ type: 'mrkdwn', text: context.join(' · ') }],
      },
    ],
  };
}

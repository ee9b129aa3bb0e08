// One email from one notification, or a digest of several about the same game. The subject says
// what the player must do (in the game's own words, GameModule.situations) and where; the body says what happened, what is asked, by when (on the
// player's own clock) and where to go. Titles, handles and summaries are player text: the HTML
// part escapes every one of them.

import { PRODUCT_NAME } from '../../config/product.ts';
import { NO_WORDING, type Notification, type SituationWording } from '../../notify/notification.ts';
import { formatDeadline } from './deadline.ts';

export interface EmailRecipient {
  address: string;
  handle: string;
  /** IANA zone, e.g. 'Europe/London'; an unknown zone falls back to UTC. */
  timeZone: string;
}

export interface EmailInput {
  to: EmailRecipient;
  /** One notification, or several about the same game for a digest, in any order. */
  notifications: Notification[];
  /** One-click unsubscribe (RFC 8058): a POST to it must unsubscribe without further questions. */
  unsubscribeUrl: string;
  serviceName?: string;
  /** The games' words for their situations (subject, ask); without it, general words. */
  wording?: SituationWording;
}

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
}

const DEFAULT_SERVICE_NAME = PRODUCT_NAME;
const MAX_TITLE_IN_SUBJECT = 80;

interface Situation {
  subject: (title: string) => string;
  ask: string;
}

// A situation the game names no words for.
const OTHER_SITUATION: Situation = {
  subject: (title) => `Your move in ${title}`,
  ask: 'The game is waiting for you.',
};

export function renderEmail(input: EmailInput): RenderedEmail {
  const notifications = inOrder(input.notifications);
  const game = notifications[0]!.game;
  const title = oneLine(game.title);
  const handle = oneLine(input.to.handle);
  const serviceName = oneLine(input.serviceName ?? DEFAULT_SERVICE_NAME);
  const wording = input.wording ?? NO_WORDING;
  const sections = notifications.map((notification) => section(notification, input.to.timeZone, wording));
  const subject =
    notifications.length === 1 ? subjectOf(notifications[0]!, shortened(title), wording) : `${notifications.length} updates in ${shortened(title)}`;

  const text = [
    `Hello ${handle},`,
    '',
    ...(notifications.length > 1 ? [`${notifications.length} updates in ${title}:`, ''] : []),
    ...sections.flatMap((lines, index) =>
      notifications.length > 1 ? [`${index + 1}. ${lines[0]}`, ...lines.slice(1).map((line) => `   ${line}`), ''] : [...lines, ''],
    ),
    `Open the game: ${game.url}`,
    '',
    '-- ',
    `You receive this because you play in ${title} on ${serviceName}.`,
    `Unsubscribe: ${input.unsubscribeUrl}`,
    '',
  ].join('\n');

  const body = sections.map((lines) => `<p>${lines.map(escapeHtml).join('<br>\n')}</p>`).join('\n');
  const html = htmlEmail(
    subject,
    handle,
    `${notifications.length > 1 ? `<p><strong>${escapeHtml(`${notifications.length} updates in ${title}:`)}</strong></p>\n` : ''}${body}
<p><a href="${escapeHtml(game.url)}">Open ${escapeHtml(title)}</a></p>
<hr>
<p style="font-size: small; color: #555;">You receive this because you play in ${escapeHtml(title)} on ${escapeHtml(serviceName)}.
<a href="${escapeHtml(input.unsubscribeUrl)}">Unsubscribe</a></p>`,
  );

  return {
    subject,
    text,
    html,
    headers: {
      'List-Unsubscribe': `<${input.unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      // RFC 3834: no out-of-office replies to a machine.
      'Auto-Submitted': 'auto-generated',
      'X-Game-Id': game.id,
    },
  };
}

/** A digest is about one game, oldest news first. */
function inOrder(notifications: Notification[]): Notification[] {
  if (notifications.length === 0) throw new Error('An email needs at least one notification');
  const gameId = notifications[0]!.game.id;
  if (notifications.some((notification) => notification.game.id !== gameId)) {
    throw new Error('A digest covers one game: send one email per game');
  }
  return [...notifications].sort((a, b) => a.at.localeCompare(b.at));
}

function subjectOf(notification: Notification, title: string, wording: SituationWording): string {
  if (notification.kind === 'ended') return `${title} is over`;
  if (notification.kind === 'reminder') return `Deadline soon in ${title}`;
  return situationOf(notification, wording).subject(title);
}

/** The game's words for the notification's situation; `{title}` in its subject is the game's title. */
function situationOf(notification: Notification, wording: SituationWording): Situation {
  const words = notification.situation !== null ? wording(notification.game.module, notification.situation) : undefined;
  if (!words) return OTHER_SITUATION;
  return { subject: (title) => words.subject.split('{title}').join(title), ask: oneLine(words.ask) };
}

/** The lines about one notification: what happened, what is asked, by when, with how many choices. */
function section(notification: Notification, timeZone: string, wording: SituationWording): string[] {
  const lines = [oneLine(notification.summary)];
  if (notification.kind === 'ended') {
    lines.push('The game is over: open it to see the final result.');
    return lines;
  }
  const ask = situationOf(notification, wording).ask;
  lines.push(notification.kind === 'reminder' ? `Your deadline is near and you have not acted yet. ${ask}` : ask);
  if (notification.deadline !== null) lines.push(`Deadline: ${formatDeadline(notification.deadline, timeZone)}`);
  if (notification.legalCommandCount !== null) {
    const count = notification.legalCommandCount;
    lines.push(`You have ${count === 0 ? 'no' : count} legal ${count === 1 ? 'command' : 'commands'} to choose from.`);
  }
  return lines;
}

/** Player text on one line: a line break in a title must not become a header or a fake paragraph. */
/** The HTML of every email we send: a greeting by handle, then `body` (HTML, already escaped). */
export function htmlEmail(subject: string, handle: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family: sans-serif; line-height: 1.5; color: #111;">
<p>Hello ${escapeHtml(handle)},</p>
${body}
</body>
</html>
`;
}

export function oneLine(value: string): string {
  // eslint-disable-next-line no-control-regex
  return value.replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, ' ').trim();
}

function shortened(title: string): string {
  return title.length <= MAX_TITLE_IN_SUBJECT ? title : `${title.slice(0, MAX_TITLE_IN_SUBJECT - 1)}…`;
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character]!);
}

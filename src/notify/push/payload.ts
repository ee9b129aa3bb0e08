// What a push says: the JSON the service worker (web/public/push-handlers.js) shows as a
// notification. Words only, from the game's title and its words for the situation, and the page
// where the player acts: never a card, a hand or a count of legal commands, since a lock screen is
// read by whoever holds the phone, and a push service sees the payload's size. Pure.

import { NO_WORDING, type Notification, type SituationWording } from '../notification.ts';

export interface PushPayload {
  /** The game's title. */
  title: string;
  /** What is awaited, in words. */
  body: string;
  /** The game's page, where the player acts. */
  url: string;
  /** One notification per game on a device: a newer push about the game replaces the older. */
  tag: string;
  /** The notification's id (`Notification.id`), for the service worker to drop a repeat. */
  id: string;
}

export function pushPayload(notification: Notification, wording: SituationWording = NO_WORDING): PushPayload {
  const words = notification.situation === null ? undefined : wording(notification.game.module, notification.situation);
  const body =
    notification.kind === 'ended'
      ? notification.summary
      : notification.kind === 'reminder'
        ? `Your deadline is near: ${words?.ask ?? 'the game is waiting for you.'}`
        : (words?.ask ?? 'The game is waiting for you.');
  return { title: notification.game.title, body, url: notification.game.url, tag: `game:${notification.game.id}`, id: notification.id };
}

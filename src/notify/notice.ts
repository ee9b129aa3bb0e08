// What the notification channels are handed when a game moves: the service's shape
// (src/service/ports/notices.ts), named here for the channels.

export type { GameNotice, NoticeListener } from '../service/ports/notices.ts';

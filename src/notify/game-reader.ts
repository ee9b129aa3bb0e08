// What the notification channels read about a game: a port the service implements
// (src/service/ports/notices.ts). notify depends on it, not on the service's classes.

export type { GameReader, GameSeen } from '../service/ports/notices.ts';

// What the service and the notification channels report as they work, for an operator's metrics
// (GET /metrics, src/api/metrics.ts). A port like the others: the service says what happened and
// knows nothing of Prometheus. Without metrics configured the composition hands over NO_TELEMETRY.

/** How a command ended: appended, or refused with the problem's stable code. */
export type CommandOutcome = { accepted: true } | { accepted: false; code: string };

/** Where a notice went. */
export type NoticeChannel = 'webhook' | 'email' | 'push';

/** How one webhook delivery attempt ended. */
export type WebhookOutcome = 'delivered' | 'failed' | 'gave-up' | 'refused';

export interface Telemetry {
  /** A command sent to a game of `game` (its module id) was decided. */
  commandDecided(game: string, outcome: CommandOutcome): void;
  /** The sweeper expired a window `latenessMs` after its deadline. */
  deadlineExpired(game: string, latenessMs: number): void;
  /** A notice left on `channel`, `delayMs` after the commit it tells of. */
  noticeSent(channel: NoticeChannel, delayMs: number): void;
  /** A webhook delivery attempt ended so. */
  webhookAttempted(outcome: WebhookOutcome): void;
}

export const NO_TELEMETRY: Telemetry = {
  commandDecided: () => undefined,
  deadlineExpired: () => undefined,
  noticeSent: () => undefined,
  webhookAttempted: () => undefined,
};

// Expires windows when their deadlines pass (docs/architecture.md §4). Each game row carries its
// next expiry (`next_deadline`); every process sweeps: it takes one due game at a time, holding
// its row (`FOR UPDATE SKIP LOCKED`, so two processes never take the same game) while the expiry
// is decided and appended through the command path. Exactly once: the hold, the append's version
// check, and the rules ignoring a window already closed.
//
// On time: a timer is armed for the earliest expiry this process knows of, learnt from its own
// commits, from every other process's commits (the NOTIFY each append sends carries the game's
// next expiry), and from the database after each sweep. A periodic sweep is the safety net (a
// lost NOTIFY, a clock that jumped).

import type { Logger } from '../config/logger.ts';
import type { GameLog } from './ports/game-log.ts';
import { CoalescingLoop } from './coalescing-loop.ts';
import type { Expired } from './play.ts';

export interface SweeperSettings {
  /** Safety-net sweep, even when no timer is due (default 1 s). */
  intervalMs: number;
  /** Games expired at once by this process (default 4), each over its own connection. */
  concurrency: number;
}

export const DEFAULT_SWEEPER_SETTINGS: SweeperSettings = { intervalMs: 1_000, concurrency: 4 };

/** How soon an expirer that found nothing due looks again for a game already due (see `armForNext`). */
const RECHECK_MS = 25;
/** A little after the due time, so the database's clock has surely passed it too. */
const MARGIN_MS = 2;
/** setTimeout's limit (about 24.8 days); a longer wait re-arms on the way. */
const MAX_WAIT_MS = 2 ** 31 - 1;

export class DeadlineSweeper {
  private timer: NodeJS.Timeout | null = null;
  private timerAt = Infinity;
  private readonly loop: CoalescingLoop;

  private readonly log: GameLog;
  private readonly expireOne: () => Promise<Expired | null>;
  private readonly settings: SweeperSettings;
  private readonly logger?: Logger;

  constructor(
    log: GameLog,
    /** Expires one due game's earliest window; null when none is due (`Play.expireDue`). */
    expireOne: () => Promise<Expired | null>,
    settings: SweeperSettings = DEFAULT_SWEEPER_SETTINGS,
    logger?: Logger,
  ) {
    this.log = log;
    this.expireOne = expireOne;
    this.settings = settings;
    this.logger = logger;
    this.loop = new CoalescingLoop(() => this.drain(), settings.intervalMs, (error) => logger?.warn({ err: error }, 'deadline sweep failed'));
  }

  start(): void {
    this.loop.start();
  }

  async stop(): Promise<void> {
    // Stopped first (synchronously), so a sweep still running arms no new timer.
    const stopping = this.loop.stop();
    this.disarm();
    await stopping;
  }

  private get stopped(): boolean {
    return this.loop.stopped;
  }

  /** A game's next expiry (epoch ms), from a commit here or elsewhere: sweep then, if earlier than the timer. */
  expect(at: number | null): void {
    if (at === null || this.stopped || !(at < this.timerAt)) return;
    this.arm(at);
  }

  /**
   * Sweeps now, then arms the timer for the next expiry. During a sweep, a game that falls due
   * need not wait for the sweep to end: another expirer joins it, up to `concurrency` at once
   * (under load, a sweep's expiries take tens of milliseconds each, and one due meanwhile waited
   * for all of them). With every expirer busy, the sweep runs once more after.
   */
  sweep(): void {
    // Expirers run only inside a sweep (it waits for them all), so any running means one is in progress.
    if (this.expirers.size > 0 && this.expirers.size < this.settings.concurrency && !this.stopped) this.addExpirer();
    else this.loop.run();
  }

  /** Expirers of the sweep in progress. */
  private readonly expirers = new Set<Promise<void>>();

  /** One more expirer: it expires due games one by one until none is left. Its failure is logged, not thrown. */
  private addExpirer(): void {
    const expirer = (async () => {
      while (!this.stopped) {
        const expired = await this.expireOne();
        if (!expired) return await this.armForNext();
        // A window whose expiry changes nothing would be swept for ever: given up, and said loudly.
        if (expired.gaveUp) this.logger?.error(expired, 'deadline given up: its expiry cannot change the game');
        else this.logger?.info(expired, 'window expired');
      }
    })()
      .catch((error: unknown) => this.logger?.warn({ err: error }, 'deadline sweep failed'))
      .finally(() => this.expirers.delete(expirer));
    this.expirers.add(expirer);
  }

  private async drain(): Promise<void> {
    while (this.expirers.size < this.settings.concurrency) this.addExpirer();
    // Expirers that joined meanwhile are waited for too.
    while (this.expirers.size > 0) await Promise.all([...this.expirers]);
  }

  /**
   * Arms the timer for the next expiry the database knows of. Each expirer does so once it finds
   * nothing due: the timer keeps only the earliest expiry, so the ones after it are learnt here
   * while other expirers are still busy. An earlier timer stays.
   */
  private async armForNext(): Promise<void> {
    if (this.stopped) return;
    const next = await this.log.nextDeadline();
    if (!next) return;
    const now = Date.now();
    if (next.getTime() > now) return this.arm(next.getTime());
    // A game already due that no expirer could take is being expired: by another expirer here,
    // whose commit tells its next expiry, or by another process. The timer is armed for the
    // expiry after it, not sweeping in a loop until it commits; and, with no other expirer busy
    // here, also for another look shortly, for a game that fell due just after this one looked.
    const upcoming = (await this.log.nextDeadline(new Date(now)))?.getTime() ?? Infinity;
    const at = Math.min(upcoming, this.expirers.size > 1 ? Infinity : now + RECHECK_MS);
    if (at < Infinity) this.arm(at);
  }

  private arm(at: number): void {
    if (this.stopped || !(at < this.timerAt)) return;
    this.disarm();
    this.timerAt = at;
    this.timer = setTimeout(
      () => {
        this.timer = null;
        this.timerAt = Infinity;
        this.sweep();
      },
      Math.min(Math.max(0, at - Date.now() + MARGIN_MS), MAX_WAIT_MS),
    );
    this.timer.unref();
  }

  /**
   * Clears the timer. Node keeps a cleared timer's list (one per duration, and this timer's
   * durations are all different) until that duration has passed, unless the timer was ref'd
   * (`unenroll` in Node's lib/internal/timers.js): ref'd first, its list goes at once. Otherwise
   * every re-arming would leave a list behind for as long as the wait it was armed for, up to a
   * daily deadline's hours: the soak's heap grew by about 500 of them a minute.
   */
  private disarm(): void {
    if (this.timer) clearTimeout(this.timer.ref());
    this.timer = null;
    this.timerAt = Infinity;
  }
}

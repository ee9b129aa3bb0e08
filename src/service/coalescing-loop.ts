// A background job that runs when asked, never twice at once: asked while it runs, it runs once
// more when it ends (the asking may have come after it looked). A safety-net interval asks too.
// The deadline sweeper and the notifier are both such jobs.

export class CoalescingLoop {
  private interval: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private stoppedFlag = true;

  private readonly work: () => Promise<void>;
  private readonly intervalMs: number;
  private readonly onError: (error: unknown) => void;

  constructor(
    work: () => Promise<void>,
    intervalMs: number,
    /** What a failed run is told to (it is run again when next asked). */
    onError: (error: unknown) => void,
  ) {
    this.work = work;
    this.intervalMs = intervalMs;
    this.onError = onError;
  }

  /** True before start() and after stop(): a run in progress should end early. */
  get stopped(): boolean {
    return this.stoppedFlag;
  }

  /** Runs now, then whenever asked and every `intervalMs`. */
  start(): void {
    if (!this.stoppedFlag) return;
    this.stoppedFlag = false;
    this.interval = setInterval(() => this.run(), this.intervalMs);
    this.interval.unref();
    this.run();
  }

  /** No more runs; waits for the one in progress. */
  async stop(): Promise<void> {
    this.stoppedFlag = true;
    if (this.interval) clearInterval(this.interval);
    this.interval = null;
    await this.running;
  }

  /** Runs now, or once more after the run in progress. */
  run(): void {
    if (this.stoppedFlag) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.work()
      .catch(this.onError)
      .finally(() => {
        this.running = null;
        if (this.again) {
          this.again = false;
          this.run();
        }
      });
  }
}

export type AutosaveStatus = 'idle' | 'pending' | 'saving' | 'saved' | 'error';

/**
 * Saves the latest value once nothing new came for `delay` ms, one save at a time: a value typed while
 * a save is in flight waits for it, then goes out. A failed save keeps its value, so the next change
 * or flush tries again. Plain logic, no React: the hook wraps it.
 */
export class AutosaveQueue<T> {
  private pending: { value: T } | null = null;
  private inFlight = false;
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private save: (value: T) => Promise<unknown>,
    private readonly delay: number,
    private readonly onStatus: (status: AutosaveStatus) => void,
  ) {}

  setSave(save: (value: T) => Promise<unknown>): void {
    this.save = save;
  }

  isDirty(): boolean {
    return this.pending !== null || this.inFlight;
  }

  schedule(value: T): void {
    this.pending = { value };
    if (this.inFlight) return;
    this.onStatus('pending');
    this.restartTimer();
  }

  /** Saves the waiting value now (Ctrl+Enter, leaving the field or the page). */
  flush(): Promise<void> {
    return this.run();
  }

  private restartTimer(): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.run(), this.delay);
  }

  private async run(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.inFlight || !this.pending) return;
    const { value } = this.pending;
    this.pending = null;
    this.inFlight = true;
    this.onStatus('saving');
    try {
      await this.save(value);
      this.inFlight = false;
      if (this.pending) {
        this.onStatus('pending');
        this.restartTimer();
      } else {
        this.onStatus('saved');
      }
    } catch {
      this.inFlight = false;
      this.pending ??= { value };
      this.onStatus('error');
    }
  }
}

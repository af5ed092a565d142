/**
 * A job the server runs by itself every so often (shift reminders, the wish rounds' closing pass): one pass at a
 * time, the next one `everyMs` after the last ended, a failed pass logged and the next one tried as usual. `tick`
 * runs one pass at once (tests, with the timer off).
 */
export interface PeriodicPass<T> {
  tick(now?: Date): Promise<T>;
  start(): void;
  /** Stops the timer and waits for a pass under way. */
  stop(): Promise<void>;
}

export function periodicPass<T>(
  run: (now?: Date) => Promise<T>,
  everyMs: number,
  onError: (error: unknown) => void,
): PeriodicPass<T> {
  let timer: NodeJS.Timeout | null = null;
  let current: Promise<unknown> | null = null;
  let running = false;

  const pass = () => {
    timer = null;
    if (!running || current) return;
    current = run()
      .catch(onError)
      .finally(() => {
        current = null;
        if (running) timer = setTimeout(pass, everyMs);
      });
  };

  return {
    tick: (now) => run(now),
    start() {
      running = true;
      pass();
    },
    async stop() {
      running = false;
      if (timer) clearTimeout(timer);
      timer = null;
      await current;
    },
  };
}

import type { FastifyBaseLogger } from 'fastify';

/**
 * A job each replica runs every `intervalMs` (the streak reminders, the league week's end): never two
 * passes at once here (a pass still running when the next is due makes that one wait for the
 * following interval); a failed pass is logged and the next one runs as usual. stop() waits for the
 * running pass, so a shutdown does not close the database under it. Running once across replicas
 * is each job's own business (a reservation or a key in the database), not this timer's.
 */
export function createIntervalJob({
  run,
  intervalMs,
  runAtStart = false,
  logger,
  failure,
}: {
  /** One pass; `stopping()` turns true once stop() is called, so a long pass can end early. */
  run(stopping: () => boolean): Promise<void>;
  intervalMs: number;
  /** Run a pass at once on start() as well, rather than only after the first interval. */
  runAtStart?: boolean;
  logger: FastifyBaseLogger;
  /** What the log says when a pass fails. */
  failure: string;
}) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = false;
  const pass = () => {
    if (running || stopped) return;
    running = run(() => stopped)
      .catch((error: unknown) => logger.error({ err: error }, failure))
      .finally(() => {
        running = undefined;
      });
  };
  return {
    start(): void {
      if (timer || stopped) return;
      if (runAtStart) pass();
      timer = setInterval(pass, intervalMs);
      timer.unref();
    },
    async stop(): Promise<void> {
      stopped = true;
      if (timer) clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}

export type IntervalJob = ReturnType<typeof createIntervalJob>;

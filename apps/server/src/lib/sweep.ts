/** Background work a module's routes plugin runs while the app is up (the reservation sweep, refund retries, ...). */
import type { TypedApp } from './routes.js';

/**
 * Runs `work` every `intervalMs` from the app's onReady, one run at a time: a tick while a run is in flight is
 * skipped. Every instance runs its own, so the work must be safe side by side. A failed run is logged with `failure`
 * and the next tick tries again; onClose stops the timer and waits for the run in flight.
 */
export function runEvery(app: TypedApp, intervalMs: number, failure: string, work: () => Promise<unknown>): void {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  const tick = () => {
    if (running) return;
    running = work()
      .catch((err: unknown) => app.log.error({ err }, failure))
      .finally(() => {
        running = undefined;
      });
  };
  app.addHook('onReady', async () => {
    timer = setInterval(tick, intervalMs);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}

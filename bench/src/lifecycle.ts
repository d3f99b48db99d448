import { Cleanup } from './cleanup';
import { stopLoad } from './load';

/**
 * Runs `main` so that whatever happens — success, a thrown error, Ctrl-C, SIGTERM, a stray rejection,
 * a hang past `deadlineMs` — every registered cleanup runs. Exit code: `main`'s on success, 1 when the
 * bench itself failed, 130/143 on signals.
 */
export async function runGuarded(main: (cleanup: Cleanup) => Promise<number>, deadlineMs: number): Promise<never> {
  const cleanup = new Cleanup();
  let leaving: Promise<never> | undefined;

  // Whoever comes first (main's end, a signal, the watchdog) decides the exit code; the rest wait for it.
  const leave = (code: number, why?: string): Promise<never> =>
    (leaving ??= (async () => {
      if (why) console.error(`bench: ${why}`);
      stopLoad();
      await cleanup.run();
      process.exit(code);
    })());

  process.on('SIGINT', () => void leave(130, 'interrupted'));
  process.on('SIGTERM', () => void leave(143, 'terminated'));
  process.on('uncaughtException', (err) => void leave(1, `crashed: ${err.stack ?? err.message}`));
  process.on('unhandledRejection', (err) => void leave(1, `crashed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`));
  // Last resort if the process goes down some other way: kill children, remove temp dirs, synchronously.
  process.on('exit', () => cleanup.runSync());

  const watchdog = setTimeout(() => void leave(1, `gave up after ${Math.round(deadlineMs / 1000)} s`), deadlineMs);
  watchdog.unref();

  let code: number;
  try {
    code = await main(cleanup);
  } catch (err) {
    console.error(`bench: crashed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
    code = 1;
  }
  clearTimeout(watchdog);
  return leave(code);
}

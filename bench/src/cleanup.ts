/**
 * Undo stack for everything the bench creates (child processes, temp dirs, databases).
 * `run()` undoes in reverse order and never throws; `runSync()` is the last resort from
 * process 'exit', where only synchronous work is possible.
 */
interface Task {
  name: string;
  undo: () => Promise<void> | void;
  undoSync?: () => void;
  done: boolean;
}

export class Cleanup {
  private readonly tasks: Task[] = [];

  add(name: string, undo: () => Promise<void> | void, undoSync?: () => void): void {
    this.tasks.push({ name, undo, undoSync, done: false });
  }

  async run(timeoutMs = 15_000): Promise<void> {
    for (const task of [...this.tasks].reverse()) {
      if (task.done) continue;
      task.done = true;
      let timer: NodeJS.Timeout | undefined;
      try {
        await Promise.race([
          Promise.resolve().then(task.undo),
          new Promise((_, reject) => {
            timer = setTimeout(() => reject(new Error('timed out')), timeoutMs);
          }),
        ]);
      } catch (err) {
        console.error(`cleanup: ${task.name}: ${(err as Error).message}`);
        try {
          task.undoSync?.();
        } catch {
          // nothing more to try
        }
      } finally {
        clearTimeout(timer);
      }
    }
  }

  runSync(): void {
    for (const task of [...this.tasks].reverse()) {
      if (task.done) continue;
      task.done = true;
      try {
        task.undoSync?.();
      } catch {
        // best effort on the way out
      }
    }
  }
}

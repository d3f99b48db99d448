const LABEL_WIDTH = 46;

/** Prints figures as they come, each with its target and OK/MISS, and keeps the tally for the summary. */
export class Report {
  private readonly misses: string[] = [];
  private oks = 0;
  private readonly errors: string[] = [];

  line(text = ''): void {
    console.log(text);
  }

  /** `label: figure   target …  OK|MISS` */
  figure(label: string, figure: string, target: string, ok: boolean): void {
    console.log(`  ${`${label}:`.padEnd(LABEL_WIDTH)} ${figure.padEnd(26)} ${target.padEnd(20)} ${ok ? 'OK' : 'MISS'}`);
    this.tally(label, ok);
  }

  /** A line that must stay machine-readable (e.g. `ratio: 0.34`), its target on the line below. */
  exact(text: string, target: string, ok: boolean, label: string): void {
    console.log(text);
    console.log(`  ${target}: ${ok ? 'OK' : 'MISS'}`);
    this.tally(label, ok);
  }

  info(label: string, text: string): void {
    console.log(`  ${`${label}:`.padEnd(LABEL_WIDTH)} ${text}`);
  }

  error(label: string, err: unknown): void {
    const message = err instanceof Error ? err.message : String(err);
    console.log(`  ${`${label}:`.padEnd(LABEL_WIDTH)} ERROR (see below)`);
    console.error(`bench: ${label}: ${err instanceof Error && err.stack ? err.stack : message}`);
    this.errors.push(label);
  }

  /** Counts a target printed by the caller in its own layout (e.g. a table row). */
  tallyOnly(label: string, ok: boolean): void {
    this.tally(label, ok);
  }

  private tally(label: string, ok: boolean): void {
    if (ok) this.oks++;
    else this.misses.push(label);
  }

  summary(): { failed: boolean } {
    console.log('');
    const parts = [`${this.oks} OK`, `${this.misses.length} MISS${this.misses.length ? ` (${this.misses.join('; ')})` : ''}`];
    if (this.errors.length) parts.push(`${this.errors.length} not measured (${this.errors.join('; ')})`);
    console.log(`targets: ${parts.join(', ')}`);
    return { failed: this.errors.length > 0 };
  }
}

export const fixed = (n: number, digits: number) => n.toFixed(digits);

import { todayInSaoPaulo } from '@guarita/domain';

/** Time as the business sees it. Services and the seed ask the clock, never `new Date()`, so tests can set the date. */
export interface Clock {
  now(): Date;
  /** Today's calendar date in America/Sao_Paulo, 'YYYY-MM-DD'. */
  today(): string;
}

export const systemClock: Clock = {
  now: () => new Date(),
  today: () => todayInSaoPaulo(),
};

/** A clock that stands still at a given instant until moved: tests and scripts that need a particular day. */
export class FixedClock implements Clock {
  private at: Date;
  constructor(at: Date | string) {
    this.at = new Date(at);
  }
  set(at: Date | string): void {
    this.at = new Date(at);
  }
  advance(ms: number): void {
    this.at = new Date(this.at.getTime() + ms);
  }
  now(): Date {
    return new Date(this.at);
  }
  today(): string {
    return todayInSaoPaulo(this.at);
  }
}

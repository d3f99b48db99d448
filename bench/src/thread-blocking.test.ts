import { describe, expect, it } from 'vitest';
import { threadBlocking } from './thread-blocking';

const PID = 7;
const MAIN = 1;
const thread = (pid: number, tid: number) => ({ name: 'thread_name', ph: 'M', pid, tid, ts: 0, args: { name: 'CrRendererMain' } });
const task = (ts: number, durMs: number, cpuMs: number, tid = MAIN, pid = PID) => ({
  name: 'RunTask',
  ph: 'X',
  pid,
  tid,
  ts,
  dur: durMs * 1000,
  tdur: cpuMs * 1000,
});
const fcpAt = (ts: number) => ({ name: 'firstContentfulPaint', ph: 'R', pid: PID, tid: MAIN, ts });

describe('threadBlocking', () => {
  it('sums 4 × duration − 50 ms over the tasks after the first paint, by wall time and by thread time', () => {
    const events = [thread(PID, MAIN), fcpAt(1_000_000), task(0, 40, 40), task(1_100_000, 30, 10), task(1_200_000, 20, 20)];
    // after FCP: 30 ms → 70 (thread 10 ms → 0), 20 ms → 30 (thread 20 → 30); the task before FCP does not count
    expect(threadBlocking(events, 4)).toEqual({ wallMs: 100, cpuMs: 30 });
  });

  it('counts a task still running at the first paint, and a nested task once, with its parent', () => {
    const events = [thread(PID, MAIN), fcpAt(1_000_000), task(990_000, 20, 20), task(995_000, 5, 5)];
    expect(threadBlocking(events, 4)).toEqual({ wallMs: 30, cpuMs: 30 });
  });

  it('reads the renderer that ran the page (the busiest), not the one the navigation left', () => {
    const events = [thread(3, 1), task(0, 100, 100, 1, 3), thread(PID, MAIN), fcpAt(0), task(10, 20, 20), task(50_000, 20, 20)];
    expect(threadBlocking(events, 4)).toEqual({ wallMs: 60, cpuMs: 60 });
  });

  it('answers nothing without a first paint', () => {
    expect(threadBlocking([thread(PID, MAIN), task(0, 100, 100)], 4)).toBeNull();
  });
});

import { useEffect, useState } from 'react';

/** Longest wait for a frame: a tab in the background paints none, and what waits here must still come. */
const NO_FRAME_MS = 250;

/**
 * False until the first screen is on the display: true from the task after the frame painted once `ready` was
 * true, and from then on. A part of a page below its first screen (the support request form, the map) mounts — and
 * so starts downloading its lazy module — only then, so its download and start-up do not delay that paint
 * (ADR 025, 'Below the first screen, after it').
 */
export function useAfterPaint(ready: boolean): boolean {
  const [after, setAfter] = useState(false);
  useEffect(() => {
    if (!ready || after) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const done = () => setAfter(true);
    const frame = requestAnimationFrame(() => {
      clearTimeout(fallback);
      timer = setTimeout(done, 0);
    });
    const fallback = setTimeout(done, NO_FRAME_MS);
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(fallback);
      if (timer !== undefined) clearTimeout(timer);
    };
  }, [ready, after]);
  return after;
}

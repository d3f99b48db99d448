/**
 * A ref callback that focuses its element when it mounts: each login step's heading takes the focus when
 * the step appears (a stable function, so React calls it on mount only, never on a re-render).
 */
export const focusOnMount = (el: HTMLElement | null) => el?.focus();

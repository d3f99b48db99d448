/**
 * A ref callback that focuses its element when it mounts: each login step's heading takes the focus when
 * the step appears (a stable function, so React calls it on mount only, never on a re-render).
 * Not when the focus is already on something else: on the prerendered home page the first step's heading
 * mounts when React hydrates, and a customer typing the CPF by then must stay in the field (between steps
 * the focused button has just left the page, so the focus is on the body).
 */
export const focusOnMount = (el: HTMLElement | null) => {
  const active = document.activeElement;
  if (el && (!active || active === document.body)) el.focus();
};

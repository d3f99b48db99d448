import { useSyncExternalStore } from 'react';

const subscribeNever = () => () => {};

/**
 * False while a page prerendered at build is shown and hydrating (and on the server), true once React runs
 * the page in the browser. Forms of prerendered pages keep their submit button disabled until then, so a
 * tap before the script has loaded cannot submit the bare HTML form.
 */
export const useInBrowser = () =>
  useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false,
  );

import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { server } from './msw';
import { resetPublicConfigForTests } from '../src/api/get-public-config';

// Lazy chunks (the QR code library, the captcha) load through the module graph: on a busy 2-core machine the
// first one can take longer than Testing Library's 1 s default for findBy*/waitFor.
configure({ asyncUtilTimeout: 5000 });

// jsdom has no modal dialogs: give <dialog> the same open/close contract the browser gives Modal and BottomSheet.
HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
  this.setAttribute('open', '');
};
HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
  this.removeAttribute('open');
};

// A request no handler answers fails the test: every call a screen makes is declared by its test.
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  cleanup();
  server.resetHandlers();
  resetPublicConfigForTests();
});
afterAll(() => server.close());

import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { server } from './msw';
import { resetPublicConfigForTests } from '../src/api/get-public-config';
import { tusServer } from './fake-tus';

// Resumable uploads (ADR 093) against an in-memory tus server: jsdom's XHR does not carry a Blob's bytes to MSW.
vi.mock('tus-js-client', () => import('./fake-tus'));

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
afterEach(async () => {
  cleanup();
  server.resetHandlers();
  resetPublicConfigForTests();
  // Loaded here, after the test (not at the top): a test that mocks idb-keyval must be the first to load the outbox.
  (await import('../src/lib/uploads/manager')).resetForTests();
  tusServer.reset();
});
afterAll(() => server.close());

import { describe, expect, it } from 'vitest';
import { MAX_WEBHOOK_ATTEMPTS, followUpDelaySeconds, webhookRetryDecision } from './follow-up';

describe('following up a missing provider answer', () => {
  it('waits 1 min, 5 min, 30 min, 2 h, 6 h, then 12 h at most', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 40].map(followUpDelaySeconds)).toEqual([60, 300, 1800, 7200, 21600, 43200, 43200, 43200]);
    expect(followUpDelaySeconds(0)).toBe(60);
  });

  it('a webhook stops on the first 2xx, is retried until the last attempt, then given up', () => {
    expect(webhookRetryDecision(1, true)).toEqual({ status: 'delivered' });
    expect(webhookRetryDecision(1, false)).toEqual({ status: 'pending', delaySeconds: 60 });
    expect(webhookRetryDecision(MAX_WEBHOOK_ATTEMPTS - 1, false)).toMatchObject({ status: 'pending' });
    expect(webhookRetryDecision(MAX_WEBHOOK_ATTEMPTS, false)).toEqual({ status: 'failed' });
    expect(webhookRetryDecision(MAX_WEBHOOK_ATTEMPTS, true)).toEqual({ status: 'delivered' });
  });
});

import { describe, expect, it } from 'vitest';
import { nextBill, type BillStatusId } from './bills';

const bill = (docEntry: number, idStatus: BillStatusId) => ({ docEntry, billStatus: { idStatus } });

describe('nextBill', () => {
  it('is the last open bill as listed, skipping overdue and paid ones', () => {
    expect(nextBill([bill(1, 'P'), bill(2, 'A'), bill(3, 'I'), bill(4, 'A'), bill(5, 'P')])?.docEntry).toBe(4);
  });
  it('is undefined without an open bill', () => {
    expect(nextBill([bill(1, 'P'), bill(2, 'I')])).toBeUndefined();
    expect(nextBill([])).toBeUndefined();
  });
});

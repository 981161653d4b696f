import { describe, expect, it } from 'vitest';
import { orderStatus } from '../../../web/src/text/orders.js';
import { ORDER_STATUSES } from './statuses.js';
import { STATUS_LABELS, readStatus, statusLabel } from './status-labels.js';

describe('the status labels', () => {
  it("are the dashboard's own words, status by status", () => {
    expect(STATUS_LABELS).toEqual(orderStatus);
    expect(Object.keys(STATUS_LABELS).sort()).toEqual([...ORDER_STATUSES].sort());
  });

  it('read a code or a label, in any case and spacing', () => {
    for (const status of ORDER_STATUSES) {
      expect(readStatus(status)).toBe(status);
      expect(readStatus(status.toUpperCase())).toBe(status);
      expect(readStatus(STATUS_LABELS[status])).toBe(status);
      expect(readStatus(` ${STATUS_LABELS[status].toUpperCase()} `)).toBe(status);
    }
    expect(readStatus('dikirim')).toBe('shipped');
    expect(readStatus('nomor  hp TIDAK valid')).toBe('invalid_no_hp');
    expect(readStatus('invalid no hp')).toBe('invalid_no_hp');
    for (const other of ['', 'terbang', 'kirim', 'dibayar lunas']) expect(readStatus(other)).toBeNull();
  });

  it('name a status, and leave other text as it is', () => {
    expect(statusLabel('paid')).toBe('Dibayar');
    expect(statusLabel('terbang')).toBe('terbang');
  });
});

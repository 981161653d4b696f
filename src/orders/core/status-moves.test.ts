import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES } from './statuses.js';
import { STATUS_MOVES, allowedMoves, checkMove } from './status-moves.js';

const member = { manager: false };
const manager = { manager: true };
const none = { resi: null, reason: null };

describe('the status moves table', () => {
  it('is the issue\'s table, written out move by move', () => {
    expect(STATUS_MOVES.map((m) => `${m.from}>${m.to} ${m.who}${m.needs ? ` ${m.needs}` : ''}`)).toEqual([
      'pending>closing member', 'pending>paid member', 'pending>cancelled member', 'pending>invalid_no_hp member',
      'closing>pending member', 'closing>paid member', 'closing>cancelled member', 'closing>invalid_no_hp member',
      'paid>shipped member resi',
      'paid>closing manager reason', 'paid>cancelled manager reason',
      'shipped>completed member',
      'shipped>cancelled manager reason',
      'completed>shipped manager reason',
      'cancelled>pending manager reason', 'invalid_no_hp>pending manager reason',
    ]);
  });

  it('names only the seven states, and no move twice or onto itself', () => {
    for (const m of STATUS_MOVES) {
      expect(ORDER_STATUSES).toContain(m.from);
      expect(ORDER_STATUSES).toContain(m.to);
      expect(m.from).not.toBe(m.to);
    }
    expect(new Set(STATUS_MOVES.map((m) => `${m.from}>${m.to}`)).size).toBe(STATUS_MOVES.length);
  });

  it('lists what a CS and a manager may do from each state', () => {
    expect(allowedMoves('pending', member)).toEqual(['closing', 'paid', 'cancelled', 'invalid_no_hp']);
    expect(allowedMoves('paid', member)).toEqual(['shipped']);
    expect(allowedMoves('paid', manager)).toEqual(['shipped', 'closing', 'cancelled']);
    expect(allowedMoves('shipped', member)).toEqual(['completed']);
    expect(allowedMoves('shipped', manager)).toEqual(['completed', 'cancelled']);
    expect(allowedMoves('completed', member)).toEqual([]);
    expect(allowedMoves('cancelled', manager)).toEqual(['pending']);
    expect(allowedMoves('invalid_no_hp', member)).toEqual([]);
    expect(allowedMoves('unknown', manager)).toEqual([]);
  });
});

describe('checkMove', () => {
  it('refuses a move the table does not have, and a manager\'s move to a CS', () => {
    expect(checkMove('pending', 'shipped', manager, none)).toMatchObject({ ok: false, code: 'status_move_not_allowed' });
    expect(checkMove('pending', 'pending', manager, none)).toMatchObject({ ok: false, code: 'status_move_not_allowed' });
    expect(checkMove('paid', 'cancelled', member, { resi: null, reason: 'retur' })).toMatchObject({ ok: false, code: 'status_move_not_allowed' });
  });

  it('needs a resi to ship, sent or already on the order, not blank', () => {
    expect(checkMove('paid', 'shipped', member, none)).toMatchObject({ ok: false, code: 'resi_required' });
    expect(checkMove('paid', 'shipped', member, { resi: '  ', reason: null })).toMatchObject({ ok: false, code: 'resi_required' });
    expect(checkMove('paid', 'shipped', member, { resi: 'JNE123', reason: null })).toMatchObject({ ok: true });
  });

  it('needs a reason for the moves that undo', () => {
    for (const [from, to] of [['paid', 'closing'], ['paid', 'cancelled'], ['shipped', 'cancelled'], ['completed', 'shipped'], ['cancelled', 'pending'], ['invalid_no_hp', 'pending']]) {
      expect(checkMove(from!, to!, manager, none)).toMatchObject({ ok: false, code: 'reason_required' });
      expect(checkMove(from!, to!, manager, { resi: null, reason: ' ' })).toMatchObject({ ok: false, code: 'reason_required' });
      expect(checkMove(from!, to!, manager, { resi: null, reason: 'pembeli membatalkan' })).toMatchObject({ ok: true, value: { from, to } });
    }
  });
});

import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES } from './statuses.js';
import { STATUS_MOVES, allowedMoves, checkMove } from './status-moves.js';

const member = { manager: false };
const manager = { manager: true };
const none = { resi: null, reason: null, paymentMethod: 'bank_transfer' };
const transfer = { paymentMethod: 'bank_transfer' };
const cod = { paymentMethod: 'cod' };

describe('the status moves table', () => {
  it('is the issue\'s table, written out move by move', () => {
    expect(STATUS_MOVES.map((m) => `${m.from}>${m.to} ${m.who}${m.needs ? ` ${m.needs}` : ''}${m.payment ? ` ${m.payment}` : ''}`)).toEqual([
      'pending>closing member', 'pending>paid member', 'pending>cancelled member', 'pending>invalid_no_hp member',
      'closing>pending member', 'closing>paid member', 'closing>cancelled member', 'closing>invalid_no_hp member',
      'paid>shipped member resi',
      'closing>shipped member resi cod',
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
    expect(allowedMoves('pending', member, transfer)).toEqual(['closing', 'paid', 'cancelled', 'invalid_no_hp']);
    expect(allowedMoves('paid', member, transfer)).toEqual(['shipped']);
    expect(allowedMoves('paid', manager, transfer)).toEqual(['shipped', 'closing', 'cancelled']);
    expect(allowedMoves('shipped', member, transfer)).toEqual(['completed']);
    expect(allowedMoves('shipped', manager, transfer)).toEqual(['completed', 'cancelled']);
    expect(allowedMoves('completed', member, transfer)).toEqual([]);
    expect(allowedMoves('cancelled', manager, transfer)).toEqual(['pending']);
    expect(allowedMoves('invalid_no_hp', member, transfer)).toEqual([]);
    expect(allowedMoves('unknown', manager, transfer)).toEqual([]);
  });
});

describe('checkMove', () => {
  it('refuses a move the table does not have, and a manager\'s move to a CS', () => {
    expect(checkMove('pending', 'shipped', manager, none)).toMatchObject({ ok: false, code: 'status_move_not_allowed' });
    expect(checkMove('pending', 'pending', manager, none)).toMatchObject({ ok: false, code: 'status_move_not_allowed' });
    expect(checkMove('paid', 'cancelled', member, { resi: null, reason: 'retur', ...transfer })).toMatchObject({ ok: false, code: 'status_move_not_allowed' });
  });

  it('needs a resi to ship, sent or already on the order, not blank', () => {
    expect(checkMove('paid', 'shipped', member, none)).toMatchObject({ ok: false, code: 'resi_required' });
    expect(checkMove('paid', 'shipped', member, { resi: '  ', reason: null, ...transfer })).toMatchObject({ ok: false, code: 'resi_required' });
    expect(checkMove('paid', 'shipped', member, { resi: 'JNE123', reason: null, ...transfer })).toMatchObject({ ok: true });
  });

  it('needs a reason for the moves that undo', () => {
    for (const [from, to] of [['paid', 'closing'], ['paid', 'cancelled'], ['shipped', 'cancelled'], ['completed', 'shipped'], ['cancelled', 'pending'], ['invalid_no_hp', 'pending']]) {
      expect(checkMove(from!, to!, manager, none)).toMatchObject({ ok: false, code: 'reason_required' });
      expect(checkMove(from!, to!, manager, { resi: null, reason: ' ', ...transfer })).toMatchObject({ ok: false, code: 'reason_required' });
      expect(checkMove(from!, to!, manager, { resi: null, reason: 'pembeli membatalkan', ...transfer })).toMatchObject({ ok: true, value: { from, to } });
    }
  });
});

describe('a COD order', () => {
  it('ships from closing with a resi (its money comes with the courier); another order does not', () => {
    expect(allowedMoves('closing', member, cod)).toEqual(['pending', 'paid', 'cancelled', 'invalid_no_hp', 'shipped']);
    expect(allowedMoves('closing', member, transfer)).toEqual(['pending', 'paid', 'cancelled', 'invalid_no_hp']);
    expect(allowedMoves('closing', member, { paymentMethod: null })).not.toContain('shipped');
    expect(checkMove('closing', 'shipped', member, { resi: 'JP1', reason: null, ...cod })).toMatchObject({ ok: true, value: { payment: 'cod' } });
    expect(checkMove('closing', 'shipped', member, { resi: null, reason: null, ...cod })).toMatchObject({ ok: false, code: 'resi_required' });
    expect(checkMove('closing', 'shipped', member, { resi: 'JP1', reason: null, ...transfer })).toMatchObject({ ok: false, code: 'status_move_not_allowed' });
    expect(checkMove('pending', 'shipped', member, { resi: 'JP1', reason: null, ...cod })).toMatchObject({ ok: false, code: 'status_move_not_allowed' });
  });
});

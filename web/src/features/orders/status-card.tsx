// The order's status and the moves this member may make from it (the order's `moves`, from the
// server's one table: issue 32 §3). Every move asks first, in a dialog that also takes what the
// move needs: the resi to ship, the reason for a move that undoes. The move is sent with the
// status the page showed (expected_status), so a change someone else made meanwhile is refused
// (409 status_conflict) instead of overwritten, and the page shows the order as it is now.
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { Dialog, DialogForm } from '../../components/ui/dialog';
import { TextAreaField, TextField } from '../../components/ui/field';
import { ErrorNotice, Notice } from '../../components/ui/notice';
import { Card } from '../../components/ui/page';
import { T } from '../../text/id';
import { statusName, StatusWord } from './status-word';
import { useMoveStatus, type Order } from './use-orders';

type Move = Order['moves'][number];

/** The way an order usually goes; the next of these among the moves is the card's one primary button. */
const FORWARD = ['pending', 'closing', 'paid', 'shipped', 'completed'];
/** Moves that end an order's way: styled as destructive (the dialog still asks). */
const DESTRUCTIVE = new Set(['cancelled', 'invalid_no_hp']);

/** The usual next step from `status` among the moves: the nearest forward one, or none. */
export function usualNext(status: string, moves: readonly Move[]): string | null {
  const from = FORWARD.indexOf(status);
  if (from < 0) return null;
  const ahead = moves.map((move) => move.status).filter((to) => FORWARD.indexOf(to) > from);
  return ahead.sort((a, b) => FORWARD.indexOf(a) - FORWARD.indexOf(b))[0] ?? null;
}

const variantOf = (to: string, next: string | null) => (to === next ? 'primary' : DESTRUCTIVE.has(to) ? 'dangerQuiet' : 'secondary');

/** The primary first, the destructive last, the rest in the server's order between. */
const rank = (to: string, next: string | null) => (to === next ? 0 : DESTRUCTIVE.has(to) ? 2 : 1);

export function StatusCard({ order }: { order: Order }) {
  const next = usualNext(order.status, order.moves);
  const [move, setMove] = useState<Move | null>(null);
  const [done, setDone] = useState<string | null>(null);
  return (
    <Card title={T.orders.statusTitle}>
      <div className="mb-3">
        <StatusWord status={order.status} />
      </div>
      {done ? (
        <div className="mb-3">
          <Notice tone="success">{T.orders.moved(statusName(done))}</Notice>
        </div>
      ) : null}
      {order.moves.length === 0 ? (
        <p className="text-sm text-slate-700">{T.orders.noMoves}</p>
      ) : (
        <>
          <p className="mb-2 text-sm text-slate-700">{T.orders.movesLead}</p>
          <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
            {[...order.moves].sort((a, b) => rank(a.status, next) - rank(b.status, next)).map((candidate) => (
              <Button
                key={candidate.status}
                variant={variantOf(candidate.status, next)}
                onClick={() => {
                  setDone(null);
                  setMove(candidate);
                }}
              >
                {T.orders.moveTo(statusName(candidate.status))}
              </Button>
            ))}
          </div>
        </>
      )}
      {move ? (
        <MoveDialog
          key={move.status}
          order={order}
          move={move}
          onClose={(moved) => {
            setMove(null);
            if (moved) setDone(move.status);
          }}
        />
      ) : null}
    </Card>
  );
}

function MoveDialog({ order, move, onClose }: { order: Order; move: Move; onClose(moved: boolean): void }) {
  const moveStatus = useMoveStatus(order.id);
  const [resi, setResi] = useState(order.resi ?? '');
  const [reason, setReason] = useState('');
  const label = statusName(move.status);
  const code = moveStatus.error?.code;
  const submit = () => {
    moveStatus.mutate(
      {
        status: move.status,
        expected_status: order.status,
        ...(move.needs === 'resi' && resi.trim() !== '' ? { resi: resi.trim() } : {}),
        ...(move.needs === 'reason' ? { reason: reason.trim() } : {}),
      },
      { onSuccess: () => onClose(true) },
    );
  };
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose(false))} title={T.orders.moveTitle(label)}>
      <DialogForm onSubmit={submit} onCancel={() => onClose(false)} submitLabel={T.orders.moveSave(label)} busy={moveStatus.isPending} destructive={DESTRUCTIVE.has(move.status)}>
        {move.needs === 'resi' ? (
          <TextField
            label={T.orders.moveResi}
            hint={T.orders.moveResiHint}
            value={resi}
            onChange={(event) => setResi(event.target.value)}
            required
            autoComplete="off"
            autoCapitalize="characters"
            maxLength={60}
            error={code === 'resi_required' ? moveStatus.error?.body.error : moveStatus.error?.body.fields?.resi}
          />
        ) : null}
        {move.needs === 'reason' ? (
          <TextAreaField
            label={T.orders.moveReason}
            hint={T.orders.moveReasonHint}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            required
            rows={3}
            maxLength={500}
            error={code === 'reason_required' ? moveStatus.error?.body.error : moveStatus.error?.body.fields?.reason}
          />
        ) : null}
        {moveStatus.error && code !== 'resi_required' && code !== 'reason_required' && !moveStatus.error.body.fields ? <ErrorNotice error={moveStatus.error} /> : null}
      </DialogForm>
    </Dialog>
  );
}

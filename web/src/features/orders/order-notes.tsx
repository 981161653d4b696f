// The order's internal notes, newest first: who wrote each and when. The store's members read
// them on this page only; the buyer never sees them.
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { TextAreaField } from '../../components/ui/field';
import { ErrorNotice } from '../../components/ui/notice';
import { Card } from '../../components/ui/page';
import { formatDateTime } from '../../lib/format';
import { T } from '../../text/id';
import { useAddNote, type Order } from './use-orders';

export function OrderNotes({ order }: { order: Order }) {
  const add = useAddNote(order.id);
  const [text, setText] = useState('');
  return (
    <Card title={T.orders.notesTitle}>
      <p className="-mt-2 mb-3 text-sm text-slate-700">{T.orders.notesLead}</p>
      <form
        className="space-y-2"
        onSubmit={(event) => {
          event.preventDefault();
          if (text.trim() === '') return;
          add.mutate(text.trim(), { onSuccess: () => setText('') });
        }}
      >
        <TextAreaField label={T.orders.noteLabel} value={text} onChange={(event) => setText(event.target.value)} rows={3} maxLength={2000} error={add.error?.body.fields?.text} />
        <Button type="submit" variant="secondary" busy={add.isPending}>
          {T.orders.addNote}
        </Button>
      </form>
      {add.error && !add.error.body.fields ? <ErrorNotice error={add.error} /> : null}
      {order.notes.length === 0 ? (
        <p className="mt-3 text-sm text-slate-700">{T.orders.noNotes}</p>
      ) : (
        <ul className="mt-4 space-y-3">
          {order.notes.map((note) => (
            <li key={note.id} className="rounded-lg border border-slate-200 bg-slate-50 p-3">
              <p className="whitespace-pre-wrap break-words text-sm text-slate-900">{note.text}</p>
              <p className="mt-1 text-xs text-slate-600">{T.orders.noteBy(note.author.name, formatDateTime(note.created_at))}</p>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

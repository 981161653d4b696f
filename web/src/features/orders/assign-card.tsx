// Who works the order. Owners and admins (orders:all) assign it to a member (a CS, usually) or
// take it back; every assignment is a history entry. A CS sees whom it is assigned to: them.
import { useState } from 'react';
import { can, useMe } from '../../api/use-session';
import { Button } from '../../components/ui/button';
import { SelectField } from '../../components/ui/field';
import { ErrorNotice, Notice } from '../../components/ui/notice';
import { Card, Facts } from '../../components/ui/page';
import { T } from '../../text/id';
import { useAssignees, useAssignOrder, type Order } from './use-orders';

export function AssignCard({ order }: { order: Order }) {
  const me = useMe();
  const current = order.assigned_to?.name ?? T.orders.nobody;
  if (!can(me, 'orders:all')) {
    return (
      <Card title={T.orders.assignTitle}>
        <Facts items={[[T.orders.assignedTo, current, 'wide']]} />
        <p className="mt-2 text-sm text-slate-700">{T.orders.assignOnlyManagers}</p>
      </Card>
    );
  }
  return <AssignForm order={order} />;
}

function AssignForm({ order }: { order: Order }) {
  const me = useMe();
  const assignees = useAssignees(me);
  const assign = useAssignOrder(order.id);
  const [chosen, setChosen] = useState(order.assigned_to ? String(order.assigned_to.id) : '');
  const [shown, setShown] = useState(order.assigned_to?.id);
  // Assigned elsewhere meanwhile (or just now): the choice shows the order's assignee.
  if (shown !== order.assigned_to?.id) {
    setShown(order.assigned_to?.id);
    setChosen(order.assigned_to ? String(order.assigned_to.id) : '');
  }
  // The assignee stays choosable even when the list of members does not hold them.
  const options = assignees.map((member) => ({ id: String(member.id), label: T.orders.assignRole(member.name, T.roles[member.role] ?? member.role) }));
  if (order.assigned_to && !options.some((option) => option.id === String(order.assigned_to!.id))) options.unshift({ id: String(order.assigned_to.id), label: order.assigned_to.name });
  const unchanged = chosen === (order.assigned_to ? String(order.assigned_to.id) : '');
  return (
    <Card title={T.orders.assignTitle}>
      <form
        className="space-y-3"
        onSubmit={(event) => {
          event.preventDefault();
          assign.mutate(chosen === '' ? null : Number(chosen));
        }}
      >
        <SelectField label={T.orders.assignTo} value={chosen} onChange={(event) => setChosen(event.target.value)}>
          <option value="">{T.orders.nobody}</option>
          {options.map((option) => (
            <option key={option.id} value={option.id}>
              {option.label}
            </option>
          ))}
        </SelectField>
        <Button type="submit" variant="secondary" busy={assign.isPending} disabled={unchanged}>
          {T.orders.assign}
        </Button>
      </form>
      {assign.isSuccess && unchanged ? (
        <div className="mt-3">
          <Notice tone="success">{T.orders.assigned}</Notice>
        </div>
      ) : null}
      <ErrorNotice error={assign.error} />
    </Card>
  );
}

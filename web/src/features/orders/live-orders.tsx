// The list's live part (use-live-orders.ts) as one element of the page: nothing to see, and a
// polite announcement for screen readers when new orders have arrived.
import { T } from '../../text/id';
import { useLiveOrders } from './use-live-orders';

export function LiveOrders() {
  const arrived = useLiveOrders();
  return (
    <p className="sr-only" aria-live="polite" role="status">
      {arrived > 0 ? T.orders.arrived(arrived) : ''}
    </p>
  );
}

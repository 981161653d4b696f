import { Link } from '@tanstack/react-router';
import { T } from '../../text/id';
import type { ReactNode } from 'react';
import { ApiError } from '../../api/client';
import { can, useMe, type Permission } from '../../api/use-session';
import { Button, buttonClass } from '../ui/button';
import { Notice } from '../ui/notice';

export function NotFound() {
  return (
    <main className="mx-auto max-w-md px-4 py-16 text-center">
      <h1 className="text-2xl font-bold">{T.notFoundTitle}</h1>
      <p className="mt-2 text-slate-700">{T.notFoundBody}</p>
      <Link to="/" className={buttonClass('primary', 'mt-6')}>
        {T.backHome}
      </Link>
    </main>
  );
}

/** A page only some roles open: the others see why instead (the server refuses its data anyway). */
export function Requires({ permission, children }: { permission: Permission; children: ReactNode }) {
  return can(useMe(), permission) ? children : <Forbidden />;
}

function Forbidden() {
  return (
    <div className="rounded-xl border border-amber-300 bg-amber-50 p-5">
      <h1 className="text-xl font-bold">{T.forbiddenTitle}</h1>
      <p className="mt-2 text-sm text-amber-950">{T.forbiddenBody}</p>
    </div>
  );
}

/** A page that could not load (the server unreachable, an unexpected answer): say so, offer a retry. */
export function RouteError({ error, reset }: { error: unknown; reset(): void }) {
  const message = error instanceof ApiError ? error.body.error : T.unexpectedError;
  return (
    <main className="mx-auto max-w-md px-4 py-16">
      <Notice tone="error">{message}</Notice>
      <Button
        className="mt-4"
        onClick={() => {
          reset();
          window.location.reload();
        }}
      >
        {T.retry}
      </Button>
    </main>
  );
}

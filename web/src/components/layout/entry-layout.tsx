import { Outlet } from '@tanstack/react-router';
import { T } from '../../text/id';

/** The pages before a session: one narrow column, the brand on top. */
export function EntryLayout() {
  return (
    <div className="flex min-h-dvh flex-col items-center px-4 py-8 sm:py-16">
      <p className="mb-6 text-2xl font-extrabold tracking-tight text-brand-800">{T.appName}</p>
      <main className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
        <Outlet />
      </main>
    </div>
  );
}

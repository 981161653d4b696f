import type { ReactNode } from 'react';
import type { ApiError } from '../../api/client';
import { T } from '../../text/id';

const TONES = {
  error: 'border-red-300 bg-red-50 text-red-900',
  success: 'border-green-300 bg-green-50 text-green-900',
  info: 'border-sky-300 bg-sky-50 text-sky-900',
  warning: 'border-amber-300 bg-amber-50 text-amber-950',
} as const;

/** A message box; errors are announced at once (role=alert), others politely. */
export function Notice({ tone = 'info', children }: { tone?: keyof typeof TONES; children: ReactNode }) {
  return (
    <div role={tone === 'error' ? 'alert' : 'status'} className={`rounded-lg border px-4 py-3 text-sm ${TONES[tone]}`}>
      {children}
    </div>
  );
}

/** How long a wait of so many seconds is, as a person says it: seconds under a minute, else minutes rounded up (hours from two). */
export function waitText(seconds: number): string {
  if (seconds < 60) return T.waitSeconds(Math.max(1, Math.ceil(seconds)));
  const minutes = Math.ceil(seconds / 60);
  return minutes < 120 ? T.waitMinutes(minutes) : T.waitHours(Math.ceil(minutes / 60));
}

/** The server's own text of a failed request, with its request id for support; a refusal to wait says how long, from Retry-After. */
export function ErrorNotice({ error }: { error: ApiError | null | undefined }) {
  if (!error) return null;
  const text = error.status === 429 && error.retryAfter !== null ? T.tooManyWait(waitText(error.retryAfter)) : error.body.error;
  return (
    <Notice tone="error">
      <p>{text}</p>
      {error.body.request_id ? (
        <p className="mt-1 text-xs text-red-800">
          {T.requestId}: <code>{error.body.request_id}</code>
        </p>
      ) : null}
    </Notice>
  );
}

export function Badge({ tone = 'neutral', children }: { tone?: 'neutral' | 'good' | 'bad' | 'warn' | 'info'; children: ReactNode }) {
  const colours = {
    neutral: 'bg-slate-100 text-slate-800',
    good: 'bg-green-100 text-green-900',
    bad: 'bg-red-100 text-red-900',
    warn: 'bg-amber-100 text-amber-950',
    // Something to look at that is no status (a buyer's reply waiting): apart from the statuses' amber.
    info: 'bg-sky-100 text-sky-900',
  }[tone];
  return <span className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ${colours}`}>{children}</span>;
}

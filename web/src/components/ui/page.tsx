import type { ReactNode } from 'react';

/**
 * A page's title, its lead and its actions. `compact` (a page whose first screen on a phone is
 * for its content, such as the orders list): the actions beside the title and no lead on a phone.
 */
export function PageHeader({ title, lead, actions, compact = false }: { title: string; lead?: ReactNode; actions?: ReactNode; compact?: boolean }) {
  return (
    <div className={`flex sm:flex-row sm:items-end sm:justify-between sm:gap-3 ${compact ? 'mb-3 flex-row flex-wrap items-center justify-between gap-2 sm:mb-5 sm:flex-nowrap' : 'mb-5 flex-col gap-3'}`}>
      <div className="min-w-0">
        <h1 className={`font-bold tracking-tight ${compact ? 'text-xl sm:text-2xl' : 'text-2xl'}`}>{title}</h1>
        {lead ? <p className={`mt-1 max-w-2xl text-sm text-slate-700 ${compact ? 'hidden sm:block' : ''}`}>{lead}</p> : null}
      </div>
      {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
    </div>
  );
}

export function Card({ title, children, className = '' }: { title?: string; children: ReactNode; className?: string }) {
  return (
    <section className={`rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5 ${className}`}>
      {title ? <h2 className="mb-3 text-lg font-semibold">{title}</h2> : null}
      {children}
    </section>
  );
}

/**
 * Label–value pairs of one item, two columns on a phone and three on a desktop; a `wide` value
 * (an email, a list of scopes) takes a whole row on a phone, so it never breaks mid-word.
 */
export function Facts({ items }: { items: Array<[string, ReactNode] | [string, ReactNode, 'wide']> }) {
  return (
    <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm lg:grid-cols-3">
      {items.map(([label, value, wide]) => (
        <div key={label} className={wide ? 'col-span-2 min-w-0 lg:col-span-1' : 'min-w-0'}>
          <dt className="text-slate-600">{label}</dt>
          <dd className="break-words font-medium text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function Loading({ label }: { label: string }) {
  return (
    <p role="status" className="py-8 text-center text-sm text-slate-700">
      {label}
    </p>
  );
}

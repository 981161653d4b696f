// Labelled inputs: every control has a visible label, its hint and its error tied to it.
import { useId, type InputHTMLAttributes, type ReactNode, type Ref, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';

const CONTROL = 'block w-full min-h-11 rounded-lg border bg-white px-3 py-2 text-base text-slate-900 placeholder:text-slate-500';

interface Wrapped {
  label: string;
  hint?: ReactNode;
  error?: string | undefined;
}

function describedBy(id: string, hint: unknown, error: unknown): string | undefined {
  return [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
}

function Frame({ id, label, hint, error, children }: Wrapped & { id: string; children: ReactNode }) {
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function TextField({ label, hint, error, className = '', ...input }: Wrapped & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  return (
    <Frame id={id} label={label} hint={hint} error={error}>
      <input
        id={id}
        className={`${CONTROL} ${error ? 'border-red-600' : 'border-slate-300'} ${className}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        {...input}
      />
    </Frame>
  );
}

export function TextAreaField({ label, hint, error, className = '', ...area }: Wrapped & TextareaHTMLAttributes<HTMLTextAreaElement> & { ref?: Ref<HTMLTextAreaElement> }) {
  const id = useId();
  return (
    <Frame id={id} label={label} hint={hint} error={error}>
      <textarea
        id={id}
        rows={4}
        className={`${CONTROL} ${error ? 'border-red-600' : 'border-slate-300'} ${className}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        {...area}
      />
    </Frame>
  );
}

export function SelectField({ label, hint, error, children, ...select }: Wrapped & SelectHTMLAttributes<HTMLSelectElement>) {
  const id = useId();
  return (
    <Frame id={id} label={label} hint={hint} error={error}>
      <select
        id={id}
        className={`${CONTROL} ${error ? 'border-red-600' : 'border-slate-300'}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        {...select}
      >
        {children}
      </select>
    </Frame>
  );
}

/**
 * A checkbox (or, with type="radio", one choice of a group) and its label as one target a thumb
 * can hit: the whole row, at least 44 px high, toggles it; the hint sits below, tied to it.
 */
export function CheckboxField({ label, hint, type = 'checkbox', ...input }: { label: string; hint?: ReactNode } & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="flex min-h-11 cursor-pointer items-center gap-3 py-1 text-sm font-medium text-slate-800">
        <input id={id} type={type} className="size-5 shrink-0 accent-brand-700" aria-describedby={hint ? `${id}-hint` : undefined} {...input} />
        <span>{label}</span>
      </label>
      {hint ? (
        <p id={`${id}-hint`} className="pl-8 text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

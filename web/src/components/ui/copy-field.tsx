// A secret, a link or a snippet: readable and selectable, with a copy button that says once
// that it worked (the button itself reads "Tersalin"). The value wraps, so a key or a link is
// whole on a phone; a long code stops at a few lines and scrolls inside itself, under a hint
// saying what it holds.
import { useId, useState } from 'react';
import { T } from '../../text/id';
import { Button } from './button';

export function CopyField({ label, value, hint, onCopied }: { label: string; value: string; hint?: string; onCopied?: () => void }) {
  const id = useId();
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setState('copied');
      onCopied?.();
    } catch {
      setState('failed');
    }
  };
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      {hint ? (
        <p id={`${id}-hint`} className="text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start">
        <textarea
          id={id}
          readOnly
          rows={2}
          value={value}
          aria-describedby={hint ? `${id}-hint` : undefined}
          onFocus={(event) => event.currentTarget.select()}
          className="field-sizing-content block max-h-32 min-h-11 w-full min-w-0 resize-none overflow-y-auto break-all rounded-lg border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-sm"
        />
        {/* The button's own text says it worked; the live region reads the change out, so no second "Tersalin" is needed. */}
        <Button variant="secondary" onClick={copy} className="shrink-0" aria-live="polite">
          {state === 'copied' ? T.copied : T.copy}
        </Button>
      </div>
      {state === 'failed' ? (
        <p role="alert" className="text-sm text-red-700">
          {T.copyFailed}
        </p>
      ) : null}
    </div>
  );
}

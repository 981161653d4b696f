// A secret or a link shown once: readable, selectable, with a copy button that says it worked.
import { useId, useState } from 'react';
import { T } from '../../text/id';
import { Button } from './button';

export function CopyField({ label, value, onCopied }: { label: string; value: string; onCopied?: () => void }) {
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
      <div className="flex flex-col gap-2 sm:flex-row">
        <input
          id={id}
          readOnly
          value={value}
          onFocus={(event) => event.currentTarget.select()}
          className="min-h-11 w-full min-w-0 rounded-lg border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-sm"
        />
        <Button variant="secondary" onClick={copy} className="shrink-0">
          {state === 'copied' ? T.copied : T.copy}
        </Button>
      </div>
      <p role="status" className="min-h-5 text-sm text-slate-700">
        {state === 'failed' ? T.copyFailed : state === 'copied' ? T.copied : ''}
      </p>
    </div>
  );
}

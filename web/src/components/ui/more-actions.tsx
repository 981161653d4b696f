// A button that shows a few less-used actions under it (a phone's compact menu): a disclosure,
// not an ARIA menu, so the actions inside stay ordinary links and buttons with their own dialogs.
// It closes on Escape (focus back on the button) and when a press or the focus goes elsewhere;
// its content stays mounted, so a dialog opened from it lives on after it closes.
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Button } from './button';

export function MoreActions({ label, children }: { label: string; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!open) return;
    const outside = (event: Event) => {
      if (event.target instanceof Node && !root.current?.contains(event.target)) setOpen(false);
    };
    const escape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener('pointerdown', outside);
    document.addEventListener('focusin', outside);
    document.addEventListener('keydown', escape);
    return () => {
      document.removeEventListener('pointerdown', outside);
      document.removeEventListener('focusin', outside);
      document.removeEventListener('keydown', escape);
    };
  }, [open]);
  return (
    <div ref={root} className="relative">
      <Button ref={button} variant="secondary" className="px-3" aria-expanded={open} aria-controls={id} onClick={() => setOpen(!open)}>
        {label}
        <span aria-hidden="true" className="ml-1">
          ▾
        </span>
      </Button>
      <div id={id} hidden={!open} className="absolute right-0 z-20 mt-2 rounded-xl border border-slate-200 bg-white p-2 shadow-lg">
        {children}
      </div>
    </div>
  );
}

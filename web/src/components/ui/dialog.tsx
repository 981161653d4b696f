// Dialogs on Base UI's primitives (focus trap, Escape, labelled by their title). On a phone
// they fill the bottom of the screen; on a desktop they sit in the middle.
import { AlertDialog } from '@base-ui/react/alert-dialog';
import { Dialog as BaseDialog } from '@base-ui/react/dialog';
import type { ReactNode } from 'react';
import { T } from '../../text/id';
import { Button } from './button';
import { CopyField } from './copy-field';
import { Notice } from './notice';

const BACKDROP = 'fixed inset-0 z-40 bg-slate-900/50';
const POPUP =
  'fixed inset-x-0 bottom-0 z-50 max-h-[90dvh] overflow-y-auto rounded-t-2xl bg-white p-5 shadow-xl sm:inset-x-auto sm:bottom-auto sm:left-1/2 sm:top-1/2 sm:w-full sm:max-w-lg sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-2xl';

export interface DialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: string;
  description?: ReactNode;
  children: ReactNode;
}

export function Dialog({ open, onOpenChange, title, description, children }: DialogProps) {
  return (
    <BaseDialog.Root open={open} onOpenChange={onOpenChange}>
      <BaseDialog.Portal>
        <BaseDialog.Backdrop className={BACKDROP} />
        <BaseDialog.Popup className={POPUP}>
          <BaseDialog.Title className="text-lg font-semibold">{title}</BaseDialog.Title>
          {description ? <BaseDialog.Description className="mt-1 text-sm text-slate-700">{description}</BaseDialog.Description> : null}
          <div className="mt-4">{children}</div>
        </BaseDialog.Popup>
      </BaseDialog.Portal>
    </BaseDialog.Root>
  );
}

export interface ConfirmProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  busy?: boolean;
  onConfirm(): void;
  children?: ReactNode;
}

/** An irreversible action asks first; the safe choice is the focused one. */
export function ConfirmDialog({ open, onOpenChange, title, description, confirmLabel, busy, onConfirm, children }: ConfirmProps) {
  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      <AlertDialog.Portal>
        <AlertDialog.Backdrop className={BACKDROP} />
        <AlertDialog.Popup className={POPUP}>
          <AlertDialog.Title className="text-lg font-semibold">{title}</AlertDialog.Title>
          <AlertDialog.Description className="mt-1 text-sm text-slate-700">{description}</AlertDialog.Description>
          {children ? <div className="mt-3">{children}</div> : null}
          <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertDialog.Close render={<Button variant="secondary" />}>{T.cancel}</AlertDialog.Close>
            <Button variant="danger" busy={busy} onClick={onConfirm}>
              {confirmLabel}
            </Button>
          </div>
        </AlertDialog.Popup>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}

/** A dialog's form: its fields, then Cancel and the action (the action first on a phone, at the thumb). */
export function DialogForm({
  onSubmit,
  onCancel,
  submitLabel,
  busy,
  destructive = false,
  children,
}: {
  onSubmit(): void;
  onCancel(): void;
  submitLabel: string;
  busy: boolean;
  /** The submit ends something (cancels an order): styled as destructive. */
  destructive?: boolean;
  children: ReactNode;
}) {
  return (
    <form
      className="space-y-4"
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      {children}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel}>
          {T.cancel}
        </Button>
        <Button type="submit" busy={busy} variant={destructive ? 'danger' : 'primary'}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}

/** A secret or a one-time link, shown this once: the warning, the value with Copy, then Close (and any other action). */
export function ShownOnce({ warning, label, value, onClose, children, actions }: { warning: ReactNode; label: string; value: string; onClose(): void; children?: ReactNode; actions?: ReactNode }) {
  return (
    <div className="space-y-4">
      <Notice tone="warning">{warning}</Notice>
      <CopyField label={label} value={value} />
      {children}
      <div className="flex flex-col gap-2 sm:flex-row sm:justify-end">
        {actions}
        <Button onClick={onClose}>{T.close}</Button>
      </div>
    </div>
  );
}

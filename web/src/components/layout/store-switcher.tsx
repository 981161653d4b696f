// The store menu in the header: which store the pages show, the others the user belongs to,
// and a new store (a second one doubles as a test store: SPEC has no sandbox).
import { Menu } from '@base-ui/react/menu';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useCreateStore, useMe, useSelectStore } from '../../api/use-session';
import { T } from '../../text/id';
import { Dialog, DialogForm } from '../ui/dialog';
import { TextField } from '../ui/field';
import { ErrorNotice } from '../ui/notice';

export function StoreSwitcher() {
  const me = useMe();
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);
  const [name, setName] = useState('');

  const select = useSelectStore();
  const create = useCreateStore();
  const enter = (id: number) => select.mutate(id, { onSuccess: () => void navigate({ to: '/' }) });
  const submit = () =>
    create.mutate(name, {
      onSuccess: (store) => {
        setCreating(false);
        setName('');
        enter(store.id);
      },
    });

  return (
    <>
      <Menu.Root>
        <Menu.Trigger className="flex min-h-11 max-w-[60vw] items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 text-left text-sm font-semibold sm:max-w-xs" aria-label={`${T.nav.switchStore}: ${me.store.name}`}>
          <span className="truncate">{me.store.name}</span>
          <span aria-hidden="true">▾</span>
        </Menu.Trigger>
        <Menu.Portal>
          <Menu.Positioner sideOffset={6} align="start" className="z-50">
            <Menu.Popup className="min-w-64 max-w-[90vw] rounded-xl border border-slate-200 bg-white p-1 shadow-lg outline-none">
              <Menu.Group>
                <Menu.GroupLabel className="px-3 py-2 text-xs font-semibold uppercase tracking-wide text-slate-600">{T.nav.storesLabel}</Menu.GroupLabel>
                {me.stores.map((store) => (
                  <Menu.Item
                    key={store.id}
                    onClick={() => store.id !== me.store.id && enter(store.id)}
                    className="flex min-h-11 cursor-pointer items-center justify-between gap-3 rounded-lg px-3 text-sm data-[highlighted]:bg-brand-50"
                  >
                    <span className="truncate">{store.name}</span>
                    <span className="shrink-0 text-xs text-slate-600">
                      {store.id === me.store.id ? `${T.nav.currentStore} · ` : ''}
                      {T.roles[store.role] ?? store.role}
                    </span>
                  </Menu.Item>
                ))}
              </Menu.Group>
              <Menu.Separator className="my-1 h-px bg-slate-200" />
              <Menu.Item onClick={() => setCreating(true)} className="flex min-h-11 cursor-pointer items-center rounded-lg px-3 text-sm font-semibold text-brand-800 data-[highlighted]:bg-brand-50">
                + {T.nav.newStore}
              </Menu.Item>
            </Menu.Popup>
          </Menu.Positioner>
        </Menu.Portal>
      </Menu.Root>
      <ErrorNotice error={select.error} />
      <Dialog open={creating} onOpenChange={setCreating} title={T.nav.newStore} description={T.nav.newStoreLead}>
        <DialogForm onSubmit={submit} onCancel={() => setCreating(false)} submitLabel={T.nav.createStore} busy={create.isPending}>
          <TextField label={T.field.storeName} value={name} onChange={(event) => setName(event.target.value)} required maxLength={200} error={create.error?.body.fields?.name} />
          <ErrorNotice error={create.error && !create.error.body.fields ? create.error : null} />
        </DialogForm>
      </Dialog>
    </>
  );
}

// The frame of every page behind the login: the store menu and the sections this member's
// role opens (the menu entries of pages.ts), as rows that wrap on a phone and a side column,
// group after group, on a desktop.
import { Link, Outlet, useNavigate } from '@tanstack/react-router';
import { can, useMe, type Me } from '../../api/use-session';
import { useLogout } from '../../features/auth/use-auth';
import { showFlash, useFlash } from '../../lib/flash';
import { APP_PAGES, MENU_GROUPS } from '../../pages';
import { T } from '../../text/id';
import { Button } from '../ui/button';
import { Notice } from '../ui/notice';
import { StoreSwitcher } from './store-switcher';

type MenuPage = Extract<(typeof APP_PAGES)[number], { menu: object }>;
const MENU_PAGES = APP_PAGES.filter((page): page is MenuPage => 'menu' in page);

/** The menu's entries this member may open, group after group. */
export const sectionsFor = (me: Me): MenuPage[] =>
  MENU_GROUPS.flatMap((group) => MENU_PAGES.filter((page) => page.menu.group === group && (!('permission' in page) || can(me, page.permission))));

const LINK = 'flex min-h-11 min-w-11 shrink-0 items-center whitespace-nowrap rounded-lg text-sm font-medium text-slate-700 hover:bg-slate-100';
const ACTIVE = 'bg-brand-50 text-brand-800 font-semibold';

/** The sections this member may open; the phone shows them as rows that wrap, the desktop as a column. */
function SectionMenu({ me, navClass, listClass, linkClass, groupStartClass }: { me: Me; navClass: string; listClass: string; linkClass: string; groupStartClass?: string }) {
  return (
    <nav aria-label={T.nav.menu} className={navClass}>
      <ul className={listClass}>
        {sectionsFor(me).map((page, index, shown) => (
          <li key={page.path} className={index > 0 && shown[index - 1]!.menu.group !== page.menu.group ? groupStartClass : undefined}>
            <Link to={page.path} className={`${LINK} ${linkClass}`} activeProps={{ className: ACTIVE, 'aria-current': 'page' }} activeOptions={{ exact: page.path === '/' }}>
              {page.menu.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function AppLayout() {
  const me = useMe();
  const flash = useFlash();
  const navigate = useNavigate();
  const logout = useLogout();
  return (
    <div className="min-h-dvh">
      <header className="sticky top-0 z-30 border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-6xl items-center justify-between gap-2 px-3 py-2 sm:px-6">
          <div className="flex min-w-0 items-center gap-3">
            <Link to="/" className="hidden text-xl font-extrabold tracking-tight text-brand-800 sm:block">
              {T.appName}
            </Link>
            <StoreSwitcher />
          </div>
          <Button variant="ghost" onClick={() => logout.mutate(undefined, { onSettled: () => void navigate({ to: '/login', search: { next: undefined } }) })} busy={logout.isPending}>
            {T.nav.logout}
          </Button>
        </div>
      </header>
      {/* Phone: every section at a glance, in rows that wrap, above the page (not in the sticky header, which stays one row). */}
      <SectionMenu me={me} navClass="border-b border-slate-200 bg-white px-2 py-1 sm:hidden" listClass="flex flex-wrap" linkClass="px-2" />
      <div className="mx-auto flex max-w-6xl gap-6 px-3 py-5 sm:px-6">
        <SectionMenu me={me} navClass="hidden w-48 shrink-0 sm:block" listClass="sticky top-20 space-y-1" linkClass="px-3" groupStartClass="pt-3" />
        <main className="min-w-0 flex-1">
          {flash ? (
            <div className="mb-4">
              <Notice tone={flash.tone}>
                <div className="flex items-start justify-between gap-3">
                  <span>{flash.text}</span>
                  <button type="button" className="-my-3 inline-flex min-h-11 min-w-11 shrink-0 items-center justify-center text-sm font-semibold underline" onClick={() => showFlash(null)}>
                    {T.close}
                  </button>
                </div>
              </Notice>
            </div>
          ) : null}
          <Outlet />
        </main>
      </div>
    </div>
  );
}

// The pages behind the login, in one list: the router makes a route of each and the section
// menu shows those with a `menu` entry to a member whose role has the page's permission
// (Outline's useSettingsConfig has this shape). A new page is one row here; the list's order is
// the menu's order within a group.
import { lazyRouteComponent, type AsyncRouteComponent } from '@tanstack/react-router';
import type { Permission } from './api/use-session';
import { readOrdersSearch } from './features/orders/orders-search';
import { readInsightsSearch } from './features/insights/insights-search';
import { readPrintSearch } from './features/printing/print-search';
import { T } from './text/id';

/** The menu's groups, in the order they are shown (a gap between them on a desktop). */
export const MENU_GROUPS = ['work', 'store', 'you'] as const;
export type MenuGroup = (typeof MENU_GROUPS)[number];

export interface AppPage<TPath extends string = string, TSearch extends object = object> {
  /** The address under /dashboard/ (`$name` is a part of the address the page reads). */
  path: TPath;
  /** The page's code, loaded when it is first opened or a link to it is hovered. */
  component: AsyncRouteComponent<object>;
  /** What the member's role must allow to open it; none: every member. */
  permission?: Permission;
  /** Its entry in the section menu; none: the page is reached from another one. A page whose address takes a part has none. */
  menu?: TPath extends `${string}$${string}` ? never : { label: string; group: MenuGroup };
  /** The view the page keeps in its address's search parameters (a list's tab and filters), read from the address; none: it keeps none. */
  validateSearch?: (search: Record<string, unknown>) => TSearch;
  /** Shown without the dashboard's header and menus (the print page: what it shows is what prints). */
  bare?: true;
}

/** A row of the list: its type keeps the literal address, its search parameters and whether it has a menu entry. */
const page = <const P extends AppPage>(entry: P & AppPage<P['path'], SearchOf<P>>): P => entry;
/** The search parameters a row's page reads (none: an empty object). */
export type SearchOf<P> = P extends { validateSearch: (search: Record<string, unknown>) => infer S extends object } ? S : object;

export const APP_PAGES = [
  page({ path: '/', component: lazyRouteComponent(() => import('./features/home/home-page'), 'HomePage'), menu: { label: T.nav.home, group: 'work' } }),
  page({ path: '/orders', component: lazyRouteComponent(() => import('./features/orders/orders-page'), 'OrdersPage'), validateSearch: readOrdersSearch, menu: { label: T.nav.orders, group: 'work' } }),
  page({ path: '/orders/new', component: lazyRouteComponent(() => import('./features/orders/new-order-page'), 'NewOrderPage') }),
  page({ path: '/orders/print', component: lazyRouteComponent(() => import('./features/printing/print-page'), 'PrintPage'), validateSearch: readPrintSearch, bare: true }),
  page({ path: '/orders/$orderId', component: lazyRouteComponent(() => import('./features/orders/order-page'), 'OrderPage') }),
  page({ path: '/insights', component: lazyRouteComponent(() => import('./features/insights/insights-page'), 'InsightsPage'), validateSearch: readInsightsSearch, menu: { label: T.nav.insights, group: 'work' } }),
  page({ path: '/products', permission: 'products:read', component: lazyRouteComponent(() => import('./features/products/products-page'), 'ProductsPage'), menu: { label: T.nav.products, group: 'work' } }),
  page({ path: '/products/$productId', permission: 'products:read', component: lazyRouteComponent(() => import('./features/products/product-editor-page'), 'ProductEditorPage') }),
  page({ path: '/team', permission: 'team:manage', component: lazyRouteComponent(() => import('./features/team/team-page'), 'TeamPage'), menu: { label: T.nav.team, group: 'store' } }),
  page({ path: '/rotation', permission: 'orders:all', component: lazyRouteComponent(() => import('./features/rotation/rotation-page'), 'RotationPage'), menu: { label: T.nav.rotation, group: 'store' } }),
  page({ path: '/keys', permission: 'integrations:manage', component: lazyRouteComponent(() => import('./features/api-keys/keys-page'), 'KeysPage'), menu: { label: T.nav.keys, group: 'store' } }),
  page({ path: '/webhooks', permission: 'integrations:manage', component: lazyRouteComponent(() => import('./features/webhooks/webhooks-page'), 'WebhooksPage'), menu: { label: T.nav.webhooks, group: 'store' } }),
  page({ path: '/webhooks/$endpointId', permission: 'integrations:manage', component: lazyRouteComponent(() => import('./features/webhooks/deliveries-page'), 'DeliveriesPage') }),
  page({ path: '/transfers', permission: 'transfers:manage', component: lazyRouteComponent(() => import('./features/transfers/transfers-page'), 'TransfersPage'), menu: { label: T.nav.transfers, group: 'store' } }),
  page({ path: '/messaging', permission: 'settings:manage', component: lazyRouteComponent(() => import('./features/messaging/messaging-page'), 'MessagingPage'), menu: { label: T.nav.messaging, group: 'store' } }),
  page({ path: '/settings', permission: 'settings:manage', component: lazyRouteComponent(() => import('./features/settings/settings-page'), 'SettingsPage'), menu: { label: T.nav.settings, group: 'store' } }),
  page({ path: '/account', component: lazyRouteComponent(() => import('./features/account/account-page'), 'AccountPage'), menu: { label: T.nav.account, group: 'you' } }),
] as const;

export type AppPath = (typeof APP_PAGES)[number]['path'];

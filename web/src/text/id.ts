// Every Indonesian text of the dashboard, written once, in one file per area (common.ts,
// orders.ts, settings.ts, ...); the pages take them all as T from here. Error texts of the
// server's answers (`error`) come from the server itself and are shown as they are.
import { account } from './account';
import { auth } from './auth';
import { autoCancel } from './auto-cancel';
import { buyerPage } from './buyer-page';
import { common, field, nav, roles } from './common';
import { home } from './home';
import { insights } from './insights';
import { keys } from './keys';
import { messaging } from './messaging';
import { bulk, newOrder, orderFiles, orderStatus, orders } from './orders';
import { printing } from './printing';
import { images, products } from './products';
import { risk } from './risk';
import { rotation } from './rotation';
import { settings } from './settings';
import { team } from './team';
import { transfers } from './transfers';
import { webhooks } from './webhooks';

export const T = {
  ...common,
  field,
  auth,
  nav,
  roles,
  orderStatus,
  home,
  rotation,
  orders,
  bulk,
  risk,
  printing,
  buyerPage,
  newOrder,
  products,
  orderFiles,
  team,
  keys,
  webhooks,
  images,
  account,
  transfers,
  settings,
  autoCancel,
  messaging,
  insights,
} as const;

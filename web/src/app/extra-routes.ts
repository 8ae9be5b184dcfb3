import { msg } from '@lingui/core/macro';
import type { AppRoute } from './routes-table';

/**
 * A staff page that is not in the spec's route table: the uploader's own page, for staff to upload,
 * delete and zip their receipt images, and for the browser test (tests/src/e2e/files.e2e.test.ts). No
 * spec page that uploads is built yet (print assistant, workshop form, stock purchase); when one is,
 * the browser test moves there and this page goes (docs/architecture.md, files).
 */
export const adminFilesRoute: AppRoute = {
  name: 'AdminFilesTest',
  path: '/admin/files',
  title: msg`檔案上傳`,
  role: 'staff',
  page: () => import('../features/files/routes/admin-files-page'),
};

/**
 * The password reset by e-mail link (issue 12; the spec shows no path): the login page's 「忘記密碼」 and
 * the page a reset mail links to (docs/api.md, e-mail).
 */
export const passwordResetRoutes: readonly AppRoute[] = [
  {
    name: 'UserPasswordForgot',
    path: '/user/password/forgot',
    title: msg`忘記密碼`,
    role: 'visitor',
    visitorOnly: true,
    page: () => import('../features/mail/routes/forgot-password-page'),
  },
  {
    name: 'UserPasswordReset',
    path: '/user/password/reset/:token',
    title: msg`重設密碼`,
    role: 'visitor',
    page: () => import('../features/mail/routes/reset-password-page'),
  },
];

/**
 * Card login at the counter (issue 12; the spec shows no path): staff's card page (register a card,
 * bind a kiosk) and the kiosk page a bound browser shows (docs/api.md, card login).
 */
export const cardRoutes: readonly AppRoute[] = [
  {
    name: 'AdminCard',
    path: '/admin/card',
    title: msg`社員卡`,
    role: 'staff',
    page: () => import('../features/card/routes/admin-card-page'),
  },
  {
    name: 'CardKiosk',
    path: '/card/kiosk',
    title: msg`櫃台刷卡登入`,
    role: 'visitor',
    page: () => import('../features/card/routes/kiosk-page'),
  },
];

/**
 * Staff assign network-storage accounts (issue 13; the spec shows no path): the system authority, because
 * the file server is one of the club's systems (docs/info-pages.md). Linked from the NAS page.
 */
export const adminNasRoute: AppRoute = {
  name: 'AdminNas',
  path: '/admin/nas',
  title: msg`網路硬碟帳號`,
  role: { authority: 'system' },
  page: () => import('../features/nas/routes/admin-nas-page'),
};

/**
 * Film sales statistics (issue 14; document 3 shows the link /admin/stock/film/stat but no route name):
 * the stock authority (document 3, section 6: "film sales stats"). Linked from AdminStockList.
 */
export const adminStockFilmStatRoute: AppRoute = {
  name: 'AdminStockFilmStat',
  path: '/admin/stock/film/stat',
  title: msg`底片銷售統計`,
  role: { authority: 'stock' },
  page: () => import('../features/stock/routes/admin-film-stat-page'),
};

/**
 * The counter sale (issue 14; the spec shows no path): a member at the store kiosk (?scope=store) buys for
 * themselves, staff ring up anyone (docs/shop.md).
 */
export const shopCounterRoute: AppRoute = {
  name: 'ShopCounter',
  path: '/shop/counter',
  title: msg`櫃台結帳`,
  role: 'user',
  page: () => import('../features/shop/routes/counter-sale-page'),
};

export { darkroomDispenseRoute, darkroomSessionRoute } from './extra-menu-routes';

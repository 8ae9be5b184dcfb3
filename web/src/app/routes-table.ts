import type { MessageDescriptor } from '@lingui/core';
import type { ComponentType } from 'react';
import { canSpend, hasAuthority, type SessionUser } from '../shared/session/user';
import { startupPages } from './startup-pages';

// The one route table of the portal (spec doc 3, section 2.1). The router, the menus, the page titles,
// the features' links (through RouteLinks) and the guard test all read it. A route without a `page`
// is not built yet: it is not routed, so visiting it takes the unknown-path behaviour, and it is in
// no menu.
//
// Titles are plain Lingui message descriptors marked with /*i18n*/ (explicit ids) rather than macros,
// so this table can be imported by unit tests that run without the Lingui Babel macro.

/**
 * Who may open a route: anyone ('visitor'), any signed-in person ('user'), a current member, staff
 * (the staff flag counts only for members), or a signed-in person holding a named authority.
 * Every route whose name starts with Admin additionally requires staff (spec doc 3, section 2.1).
 */
export type RouteRole = 'visitor' | 'user' | 'member' | 'staff' | { authority: string };

/** Where a built route appears in the menus; visitors see 'public', signed-in people the others. */
export type MenuSection = 'public' | 'member' | 'account' | 'staff';

export interface PageModule {
  default: ComponentType;
}

export interface AppRoute {
  name: string;
  /** react-router path syntax; optional segments end with '?'. */
  path: string;
  title: MessageDescriptor;
  role: RouteRole;
  /** Constraints the spec puts on parameters (react-router has no regex segments); a miss is unknown. */
  params?: Record<string, RegExp>;
  /** The menu sections that list the route (the terms are in the public and the member menu). */
  menu?: MenuSection | readonly MenuSection[];
  /**
   * A further condition for listing the route in a menu, for entries the spec shows only to some of the
   * people who may open the page (the transfer entry).
   */
  menuWhen?: (user: SessionUser) => boolean;
  /** Pages for visitors only (login, registration): a signed-in person goes to the member home instead. */
  visitorOnly?: true;
  /** The lazily loaded page; absent while the page is not built. */
  page?: () => Promise<PageModule>;
  /**
   * Holders of this authority may open the route too, staff or not: the point head's screens are in
   * the staff area, but the 'point' authority is the grant that names who runs them (docs/api.md,
   * contribution points). Everyone else still needs the role (and, in the staff area, staff).
   */
  alsoForAuthority?: string;
}

const DIGITS = /^\d+$/;
const DIGITS_OR_NEW = /^(\d+|new)$/;
/** A semester tag: ROC year and term, e.g. 115-1. */
const SEMESTER = /^\d{2,3}-[12]$/;

export const routesTable: readonly AppRoute[] = [
  // Public and member routes.
  {
    name: 'PublicHome',
    path: '/',
    title: /*i18n*/ { id: 'route.PublicHome', message: '首頁' },
    role: 'visitor',
    menu: 'public',
    page: () => import('../features/public-home/routes/public-home-page'),
  },
  {
    name: 'PublicWorkshopForm',
    path: '/workshop/form',
    title: /*i18n*/ { id: 'route.PublicWorkshopForm', message: '工作坊報名說明' },
    role: 'visitor',
    page: () => import('../features/workshop/routes/public-workshop-form-page'),
  },
  {
    name: 'UserRegister',
    path: '/user/register',
    title: /*i18n*/ { id: 'route.UserRegister', message: '申請入社' },
    role: 'visitor',
    menu: 'public',
    visitorOnly: true,
    page: () => import('../features/membership/routes/register-page'),
  },
  {
    name: 'Calendar',
    path: '/calendar/:year?/:month?',
    title: /*i18n*/ { id: 'route.Calendar', message: '行事曆' },
    role: 'visitor',
    // No parameter constraints: invalid ones reset to the current month (document 1), not to '/'.
    menu: ['public', 'member'],
    page: () => import('../features/calendar/routes/calendar-page'),
  },
  {
    name: 'MemberHome',
    path: '/memberhome',
    title: /*i18n*/ { id: 'route.MemberHome', message: '社員首頁' },
    role: 'user',
    menu: 'member',
    page: startupPages.memberHome,
  },
  {
    name: 'Terms',
    path: '/terms',
    title: /*i18n*/ { id: 'route.Terms', message: '社規' },
    // Readable before joining: the application wizard shows the same rules (issue 8).
    role: 'visitor',
    menu: ['public', 'member'],
    page: () => import('../features/membership/routes/terms-page'),
  },
  {
    name: 'UserPointLog',
    path: '/user/point/log',
    title: /*i18n*/ { id: 'route.UserPointLog', message: '點數紀錄' },
    role: 'user',
    menu: 'member',
    page: () => import('../features/points/routes/user-point-log-page'),
  },
  {
    name: 'TransLog',
    path: '/user/trans/log',
    title: /*i18n*/ { id: 'route.TransLog', message: '交易紀錄' },
    role: 'user',
    menu: 'member',
    page: () => import('../features/money/routes/trans-log-page'),
  },
  {
    // Members and lapsed members pay here; the page shows others the joining procedure.
    name: 'PayMemberFee',
    path: '/user/member/payfee',
    title: /*i18n*/ { id: 'route.PayMemberFee', message: '繳交社費' },
    role: 'user',
    menu: 'member',
    page: () => import('../features/money/routes/pay-member-fee-page'),
  },
  {
    // An addition to the spec's table (docs/api.md, money): members top up with a numbered cash pouch,
    // which the spec describes without naming a page for it.
    name: 'UserPouchTopUp',
    path: '/user/topup',
    title: /*i18n*/ { id: 'route.UserPouchTopUp', message: '儲值' },
    role: 'user',
    menu: 'member',
    page: () => import('../features/money/routes/pouch-top-up-page'),
  },
  {
    name: 'LangSetting',
    path: '/user/setting/lang',
    title: /*i18n*/ { id: 'route.LangSetting', message: '語言設定' },
    role: 'user',
    menu: 'account',
    page: () => import('../features/account/routes/lang-setting-page'),
  },
  {
    name: 'Vote',
    path: '/vote',
    title: /*i18n*/ { id: 'route.Vote', message: '社長選舉' },
    role: 'member',
    menu: 'member',
    page: () => import('../features/vote/routes/vote-page'),
  },
  {
    name: 'GroupBuy',
    path: '/groupbuy/:pk?',
    title: /*i18n*/ { id: 'route.GroupBuy', message: '團購' },
    role: 'user',
    params: { pk: DIGITS },
    menu: 'member',
    page: () => import('../features/groupbuy/routes/groupbuy-page'),
  },
  {
    name: 'BookEstimate',
    path: '/book/estimate',
    title: /*i18n*/ { id: 'route.BookEstimate', message: '相片書估價' },
    role: 'user',
    menu: 'member',
    page: () => import('../features/print/routes/book-estimate-page'),
  },
  {
    // Members, or holders of the opendoor authority; the page itself tells the two apart.
    name: 'OpenDoor',
    path: '/open/door',
    title: /*i18n*/ { id: 'route.OpenDoor', message: '開門' },
    role: 'user',
    menu: 'member',
    menuWhen: (user) => user.ismember || hasAuthority(user, 'opendoor'),
    page: () => import('../features/door/routes/open-door-page'),
  },
  {
    name: 'Library',
    path: '/library',
    title: /*i18n*/ { id: 'route.Library', message: '圖書館' },
    role: 'user',
    menu: 'member',
    page: () => import('../features/loans/routes/library-page'),
  },
  {
    name: 'Training',
    path: '/training',
    title: /*i18n*/ { id: 'route.Training', message: '暗房與數暗訓練' },
    role: 'member',
    menu: 'member',
    page: () => import('../features/info/routes/training-page'),
  },
  {
    // Members, or holders of the nas authority; others see how to get an account.
    name: 'NAS',
    path: '/nas',
    title: /*i18n*/ { id: 'route.NAS', message: '網路硬碟' },
    role: 'user',
    menu: 'member',
    menuWhen: (user) => user.ismember || hasAuthority(user, 'nas'),
    page: () => import('../features/nas/routes/nas-page'),
  },
  {
    name: 'LabelPrint',
    path: '/label/print',
    title: /*i18n*/ { id: 'route.LabelPrint', message: '標籤列印' },
    // Members (document 2, section 6: any logged-in member may use the tools); the API asks the same.
    role: 'member',
    menu: 'member',
    page: () => import('../features/labels/routes/label-print-page'),
  },
  {
    name: 'UserPointEdit',
    path: '/user/point/:pk',
    title: /*i18n*/ { id: 'route.UserPointEdit', message: '點數申請' },
    role: 'user',
    params: { pk: DIGITS_OR_NEW },
    page: () => import('../features/points/routes/user-point-edit-page'),
  },
  {
    name: 'UserChangePassword',
    path: '/user/change/password',
    title: /*i18n*/ { id: 'route.UserChangePassword', message: '變更密碼' },
    role: 'user',
    menu: 'account',
    page: () => import('../features/account/routes/change-password-page'),
  },
  {
    name: 'UserLogin',
    path: '/user/login',
    title: /*i18n*/ { id: 'route.UserLogin', message: '登入' },
    role: 'visitor',
    menu: 'public',
    visitorOnly: true,
    page: startupPages.login,
  },
  {
    name: 'UserLogout',
    path: '/user/logout',
    title: /*i18n*/ { id: 'route.UserLogout', message: '登出' },
    role: 'visitor',
    menu: 'account',
    page: () => import('../features/auth/routes/logout-page'),
  },
  {
    // The spec says uppercase letters and digits, but its estimator pages (estimateAluFrame, ...)
    // are mixed case, so letters of either case and digits are accepted.
    name: 'UserPriceList',
    path: '/user/price/:accountprefix?',
    title: /*i18n*/ { id: 'route.UserPriceList', message: '價目表' },
    role: 'user',
    params: { accountprefix: /^[A-Za-z0-9]+$/ },
    menu: 'member',
    page: () => import('../features/shop/routes/price-list-page'),
  },
  {
    name: 'LoganCalc',
    path: '/logan/calc/:loganStep?',
    title: /*i18n*/ { id: 'route.LoganCalc', message: '裱框裁刀計算機' },
    role: 'user',
    params: { loganStep: /^[a-z]+$/ },
    menu: 'member',
    page: () => import('../features/shop/routes/logan-calc-page'),
  },
  {
    // The menu lists it for everyone who may transfer: whose balance check passes for 1 (as the home
    // button), who may go into debt, and holders of the 'transfer' authority (doc 3, section 6).
    name: 'UserTransfer',
    path: '/user/transfer/:defaulttouserpk?',
    title: /*i18n*/ { id: 'route.UserTransfer', message: '轉帳' },
    role: 'user',
    menu: 'member',
    menuWhen: (user) => canSpend(user, 1) || hasAuthority(user, 'transfer'),
    params: { defaulttouserpk: DIGITS },
    page: () => import('../features/money/routes/user-transfer-page'),
  },
  {
    name: 'UserLibraryHistory',
    path: '/user/library/history',
    title: /*i18n*/ { id: 'route.UserLibraryHistory', message: '借書紀錄' },
    role: 'user',
    page: () => import('../features/loans/routes/user-library-history-page'),
  },
  {
    name: 'UserPropertyHistory',
    path: '/user/property/history',
    title: /*i18n*/ { id: 'route.UserPropertyHistory', message: '器材借用紀錄' },
    role: 'user',
    page: () => import('../features/loans/routes/user-property-history-page'),
  },
  {
    name: 'SignIn',
    path: '/signin',
    title: /*i18n*/ { id: 'route.SignIn', message: '簽到' },
    role: 'member',
    menu: 'member',
    page: () => import('../features/signin/routes/signin-page'),
  },
  {
    name: 'DarkroomReserveRule',
    path: '/reserve/rule',
    title: /*i18n*/ { id: 'route.DarkroomReserveRule', message: '暗房預約規則' },
    role: 'member',
    menu: 'member',
    page: () => import('../features/reservations/routes/reserve-rule-page'),
  },
  {
    name: 'DarkroomReserve',
    path: '/reserve',
    title: /*i18n*/ { id: 'route.DarkroomReserve', message: '暗房預約' },
    role: 'member',
    page: () => import('../features/reservations/routes/reserve-page'),
  },
  {
    name: 'WorkshopForm',
    path: '/workshop/fillin',
    title: /*i18n*/ { id: 'route.WorkshopForm', message: '工作坊報名' },
    role: 'user',
    page: () => import('../features/workshop/routes/workshop-form-page'),
  },
  {
    name: 'PrintAssistant',
    path: '/print/:pk?',
    title: /*i18n*/ { id: 'route.PrintAssistant', message: '輸出小幫手' },
    role: 'user',
    params: { pk: DIGITS },
    menu: 'member',
    page: () => import('../features/print/routes/print-assistant-page'),
  },
  {
    name: 'PrintAssistantImposition',
    path: '/print/:pk/imposition/:s3pks?',
    title: /*i18n*/ { id: 'route.PrintAssistantImposition', message: '拼版' },
    role: 'user',
    params: { pk: DIGITS, s3pks: /^\d+(,\d+)*$/ },
    page: () => import('../features/print/routes/print-imposition-page'),
  },
  {
    name: 'PrintAssistantDuoPrint',
    path: '/print/:pk/duoprint/:s3pk/:step?',
    title: /*i18n*/ { id: 'route.PrintAssistantDuoPrint', message: '雙面列印對位' },
    role: 'user',
    params: { pk: DIGITS, s3pk: DIGITS, step: DIGITS },
    page: () => import('../features/duo-print/routes/duo-print-page'),
  },

  // Admin routes: the staff area. Every name starting with Admin requires staff (and so membership).
  {
    name: 'AdminHome',
    path: '/admin',
    title: /*i18n*/ { id: 'route.AdminHome', message: '幹部專區' },
    role: 'staff',
    menu: 'staff',
    page: () => import('../features/admin-home/routes/admin-home-page'),
  },
  {
    name: 'AdminMemberStaffWorkshopList',
    path: '/admin/:kind/list/:semester?',
    title: /*i18n*/ { id: 'route.AdminMemberStaffWorkshopList', message: '社員、幹部與工作坊名單' },
    role: 'staff',
    params: { kind: /^(member|staff|workshop)$/, semester: SEMESTER },
    page: () => import('../features/admin-access/routes/admin-roster-list-page'),
  },
  {
    name: 'AdminStaffWorkshopAdd',
    path: '/admin/:kind/add/:semester',
    title: /*i18n*/ { id: 'route.AdminStaffWorkshopAdd', message: '新增幹部或工作坊名單' },
    role: 'staff',
    params: { kind: /^(staff|workshop)$/, semester: SEMESTER },
    page: () => import('../features/admin-access/routes/admin-roster-add-page'),
  },
  {
    name: 'AdminUsageMember',
    path: '/admin/usage/member/:semester?',
    title: /*i18n*/ { id: 'route.AdminUsageMember', message: '社員使用統計' },
    role: 'staff',
    menu: 'staff',
    params: { semester: SEMESTER },
    page: () => import('../features/statistics/routes/admin-usage-member-page'),
  },
  {
    name: 'AdminUsageClub',
    path: '/admin/usage/club',
    title: /*i18n*/ { id: 'route.AdminUsageClub', message: '社團使用統計' },
    role: 'staff',
    menu: 'staff',
    page: () => import('../features/statistics/routes/admin-usage-club-page'),
  },
  {
    name: 'AdminUserSearch',
    path: '/admin/user/search',
    title: /*i18n*/ { id: 'route.AdminUserSearch', message: '使用者搜尋' },
    role: 'staff',
    page: () => import('../features/cash/routes/admin-user-search-page'),
  },
  {
    name: 'AdminUserDetail',
    path: '/admin/user/detail/:pk',
    title: /*i18n*/ { id: 'route.AdminUserDetail', message: '使用者資料' },
    role: { authority: 'user' },
    params: { pk: DIGITS },
    page: () => import('./pages/admin-user-detail-page'),
  },
  {
    name: 'AdminUserRecentDebtList',
    path: '/admin/user/list/:kind',
    title: /*i18n*/ { id: 'route.AdminUserRecentDebtList', message: '新進與欠款名單' },
    role: 'staff',
    params: { kind: /^(recent|debt)$/ },
    page: () => import('../features/admin-users/routes/admin-user-list-page'),
  },
  {
    name: 'AdminGicleeJobHistory',
    path: '/admin/giclee/job/history/:objFilter?',
    title: /*i18n*/ { id: 'route.AdminGicleeJobHistory', message: '數位輸出紀錄' },
    role: 'staff',
    params: { objFilter: /^(all|notpaid)$/ },
    menu: 'staff',
    page: () => import('../features/giclee/routes/admin-giclee-job-history-page'),
  },
  {
    name: 'AdminPropertyHistory',
    path: '/admin/property/history/:objFilter?',
    title: /*i18n*/ { id: 'route.AdminPropertyHistory', message: '器材借還紀錄' },
    role: 'staff',
    params: { objFilter: /^(all|lendout)$/ },
    menu: 'staff',
    page: () => import('../features/loans/routes/admin-property-history-page'),
  },
  {
    name: 'AdminLibraryHistory',
    path: '/admin/library/history/:objFilter?',
    title: /*i18n*/ { id: 'route.AdminLibraryHistory', message: '圖書借還紀錄' },
    role: 'staff',
    params: { objFilter: /^(all|due)$/ },
    menu: 'staff',
    page: () => import('../features/loans/routes/admin-library-history-page'),
  },
  {
    name: 'AdminSharingPaper',
    path: '/admin/sharingpaper',
    title: /*i18n*/ { id: 'route.AdminSharingPaper', message: '共用相紙' },
    role: 'staff',
    menu: 'staff',
    page: () => import('../features/loans/routes/admin-sharing-paper-page'),
  },
  {
    name: 'AdminSharingPaperRow',
    path: '/admin/sharingpaper/:pk',
    title: /*i18n*/ { id: 'route.AdminSharingPaperRow', message: '共用相紙明細' },
    role: 'staff',
    params: { pk: DIGITS },
    page: () => import('../features/loans/routes/admin-sharing-paper-row-page'),
  },
  {
    name: 'AdminSharingPaperEdit',
    path: '/admin/sharingpaper/:pk/edit',
    title: /*i18n*/ { id: 'route.AdminSharingPaperEdit', message: '編輯共用相紙' },
    role: 'staff',
    params: { pk: DIGITS },
    page: () => import('../features/loans/routes/admin-sharing-paper-edit-page'),
  },
  {
    name: 'AdminMemberStaffStat',
    path: '/admin/member/stat',
    title: /*i18n*/ { id: 'route.AdminMemberStaffStat', message: '社員與幹部統計' },
    role: 'staff',
    menu: 'staff',
    page: () => import('../features/statistics/routes/admin-member-staff-stat-page'),
  },
  {
    name: 'AdminP6000Stat',
    path: '/admin/p6000/stat',
    title: /*i18n*/ { id: 'route.AdminP6000Stat', message: 'P6000 墨水統計' },
    role: 'staff',
    menu: 'staff',
    page: () => import('../features/giclee/routes/admin-p6000-stat-page'),
  },
  {
    name: 'AdminDarkroomLog',
    path: '/admin/darkroom/log',
    title: /*i18n*/ { id: 'route.AdminDarkroomLog', message: '暗房使用紀錄' },
    role: 'staff',
    menu: 'staff',
    page: () => import('../features/darkroom-sessions/routes/admin-darkroom-log-page'),
  },
  {
    name: 'AdminDispenserLog',
    path: '/admin/dispenser/log',
    title: /*i18n*/ { id: 'route.AdminDispenserLog', message: '自動配藥機紀錄' },
    role: 'staff',
    page: () => import('../features/darkroom-devices/routes/admin-dispenser-log-page'),
  },
  {
    name: 'AdminDispenserLogDetail',
    path: '/admin/dispenser/detail/:pk',
    title: /*i18n*/ { id: 'route.AdminDispenserLogDetail', message: '自動配藥機紀錄明細' },
    role: 'staff',
    page: () => import('../features/darkroom-devices/routes/admin-dispenser-detail-page'),
  },
  {
    name: 'AdminChemical2',
    path: '/admin/chemical2',
    title: /*i18n*/ { id: 'route.AdminChemical2', message: '藥水庫存' },
    role: 'staff',
    page: () => import('../features/darkroom-devices/routes/admin-chemical-page'),
  },
  {
    name: 'AdminChemical2Log',
    path: '/admin/chemical2/log/:pk',
    title: /*i18n*/ { id: 'route.AdminChemical2Log', message: '藥水紀錄' },
    role: 'staff',
    page: () => import('../features/darkroom-devices/routes/admin-chemical-log-page'),
  },
  {
    name: 'AdminChemical2Adjust',
    path: '/admin/chemical2/adjust/:pk',
    title: /*i18n*/ { id: 'route.AdminChemical2Adjust', message: '藥水庫存調整' },
    role: 'staff',
    page: () => import('../features/darkroom-devices/routes/admin-chemical-adjust-page'),
  },
  {
    name: 'AdminPointStat',
    path: '/admin/point/stat',
    title: /*i18n*/ { id: 'route.AdminPointStat', message: '點數統計' },
    role: 'staff',
    alsoForAuthority: 'point',
    menu: 'staff',
    page: () => import('../features/points/routes/admin-point-stat-page'),
  },
  {
    name: 'AdminTransDetail',
    path: '/admin/trans/detail/:pk?',
    title: /*i18n*/ { id: 'route.AdminTransDetail', message: '交易明細' },
    role: { authority: 'transmodify' },
    params: { pk: DIGITS },
    page: () => import('../features/admin-transactions/routes/admin-trans-detail-page'),
  },
  {
    name: 'AdminWorkshopResult',
    path: '/admin/workshop/result/:pk?',
    title: /*i18n*/ { id: 'route.AdminWorkshopResult', message: '工作坊錄取結果' },
    role: 'staff',
    params: { pk: DIGITS },
    menu: 'staff',
    page: () => import('../features/workshop/routes/admin-workshop-result-page'),
  },
  {
    // The point head's screens: staff, or the point authority (reviewing needs the authority).
    name: 'AdminPointLog',
    path: '/admin/point/log',
    title: /*i18n*/ { id: 'route.AdminPointLog', message: '點數審核' },
    role: 'staff',
    alsoForAuthority: 'point',
    menu: 'staff',
    page: () => import('../features/points/routes/admin-point-log-page'),
  },
  {
    name: 'AdminPointEdit',
    path: '/admin/point/:pk',
    title: /*i18n*/ { id: 'route.AdminPointEdit', message: '點數編輯' },
    role: 'staff',
    alsoForAuthority: 'point',
    params: { pk: DIGITS_OR_NEW },
    page: () => import('../features/points/routes/admin-point-edit-page'),
  },
  {
    name: 'AdminStockList',
    path: '/admin/stock/list',
    title: /*i18n*/ { id: 'route.AdminStockList', message: '庫存列表' },
    role: 'staff',
    menu: 'staff',
    page: () => import('../features/stock/routes/admin-stock-list-page'),
  },
  {
    name: 'AdminStockSingle',
    path: '/admin/stock/:pk',
    title: /*i18n*/ { id: 'route.AdminStockSingle', message: '庫存品項' },
    role: 'staff',
    params: { pk: DIGITS },
    page: () => import('../features/stock/routes/admin-stock-single-page'),
  },
  {
    name: 'AdminStockAdd',
    path: '/admin/stock/add',
    title: /*i18n*/ { id: 'route.AdminStockAdd', message: '新增庫存品項' },
    role: { authority: 'stock' },
    page: () => import('../features/stock/routes/admin-stock-add-page'),
  },
  {
    name: 'AdminStockPurchase',
    path: '/admin/stock/purchase',
    title: /*i18n*/ { id: 'route.AdminStockPurchase', message: '進貨' },
    role: { authority: 'stockpurchase' },
    menu: 'staff',
    page: () => import('../features/stock/routes/admin-stock-purchase-page'),
  },
  {
    name: 'AdminStockLog',
    path: '/admin/stock/log/:kind/:pk',
    title: /*i18n*/ { id: 'route.AdminStockLog', message: '庫存異動紀錄' },
    role: 'staff',
    params: { kind: /^(1|2|3|all)$/, pk: /^(\d+|all)$/ },
    page: () => import('../features/stock/routes/admin-stock-log-page'),
  },
  {
    name: 'AdminPropertyList',
    path: '/admin/property/list',
    title: /*i18n*/ { id: 'route.AdminPropertyList', message: '財產列表' },
    role: 'staff',
    menu: 'staff',
    page: () => import('../features/loans/routes/admin-property-list-page'),
  },
  {
    name: 'AdminPropertyEdit',
    path: '/admin/property/:propertyid/edit',
    title: /*i18n*/ { id: 'route.AdminPropertyEdit', message: '編輯財產' },
    role: 'staff',
    params: { propertyid: DIGITS },
    page: () => import('../features/loans/routes/admin-property-edit-page'),
  },
  {
    name: 'AdminFinanceStat',
    path: '/admin/finance',
    title: /*i18n*/ { id: 'route.AdminFinanceStat', message: '財務統計' },
    // The spec names no authority; the cash and pouch one guards the books (docs/finance.md).
    role: { authority: 'addvalue' },
    page: () => import('../features/finance/routes/admin-finance-stat-page'),
  },
  {
    name: 'AdminDeposit',
    path: '/admin/deposit',
    title: /*i18n*/ { id: 'route.AdminDeposit', message: '儲值袋點收' },
    role: { authority: 'addvalue' },
    page: () => import('../features/cash/routes/admin-deposit-page'),
  },
  {
    name: 'AdminBulkFilmLoader',
    path: '/admin/bulkfilmloader',
    title: /*i18n*/ { id: 'route.AdminBulkFilmLoader', message: '散裝底片' },
    role: 'staff',
    menu: 'staff',
    page: () => import('../features/info/routes/bulk-film-loader-page'),
  },
  {
    name: 'AdminAuth',
    path: '/admin/auth/:kind?',
    title: /*i18n*/ { id: 'route.AdminAuth', message: '權限管理' },
    role: { authority: 'auth' },
    params: { kind: /^[a-z]+$/ },
    page: () => import('../features/admin-access/routes/admin-auth-page'),
  },
  {
    name: 'AdminActPlace',
    path: '/admin/actplace',
    title: /*i18n*/ { id: 'route.AdminActPlace', message: '借場地小幫手' },
    role: { authority: 'actplace' },
    menu: 'staff',
    page: () => import('../features/actplace/routes/admin-actplace-page'),
  },
  {
    name: 'AdminSystemStatus',
    path: '/admin/system/status',
    title: /*i18n*/ { id: 'route.AdminSystemStatus', message: '系統狀態' },
    role: { authority: 'system' },
    page: () => import('../features/admin-system/routes/admin-system-status-page'),
  },
  // The system logs sit under /admin/system/.../log; the spec does not show the middle segments, so the
  // pages use the API's (document 3, section 2.1). Pages without `page` are built by their domains.
  {
    name: 'AdminSystemLoginLog',
    path: '/admin/system/login/log/:page?',
    title: /*i18n*/ { id: 'route.AdminSystemLoginLog', message: '登入紀錄' },
    role: { authority: 'system' },
    params: { page: DIGITS },
    page: () => import('../features/admin-system/routes/admin-login-log-page'),
  },
  {
    name: 'AdminSystemOpendoorLog',
    path: '/admin/system/opendoor/log/:page?',
    title: /*i18n*/ { id: 'route.AdminSystemOpendoorLog', message: '開門紀錄' },
    role: { authority: 'system' },
    params: { page: DIGITS },
    page: () => import('../features/door/routes/admin-opendoor-log-page'),
  },
  {
    name: 'AdminSystemLabelPrintLog',
    path: '/admin/system/label/print/log/:page?',
    title: /*i18n*/ { id: 'route.AdminSystemLabelPrintLog', message: '標籤列印紀錄' },
    role: { authority: 'system' },
    params: { page: DIGITS },
    page: () => import('../features/labels/routes/admin-label-print-log-page'),
  },
  {
    name: 'AdminSystemUserChangeLog',
    path: '/admin/system/user/change/log/:page?',
    title: /*i18n*/ { id: 'route.AdminSystemUserChangeLog', message: '使用者資料修改紀錄' },
    role: { authority: 'system' },
    params: { page: DIGITS },
    page: () => import('../features/admin-system/routes/admin-user-change-log-page'),
  },
  {
    name: 'AdminSystemUserSearchLog',
    path: '/admin/system/user/search/log/:page?',
    title: /*i18n*/ { id: 'route.AdminSystemUserSearchLog', message: '使用者搜尋紀錄' },
    role: { authority: 'system' },
    params: { page: DIGITS },
    page: () => import('../features/admin-system/routes/admin-user-search-log-page'),
  },
  {
    name: 'AdminSystemEmailLog',
    path: '/admin/system/email/log/:page?',
    title: /*i18n*/ { id: 'route.AdminSystemEmailLog', message: 'Email 紀錄' },
    role: { authority: 'system' },
    params: { page: DIGITS },
    page: () => import('../features/mail/routes/email-log-page'),
  },
  {
    name: 'AdminSystemTempRH',
    path: '/admin/system/temprh/:yyyy?/:mm?/:dd?',
    title: /*i18n*/ { id: 'route.AdminSystemTempRH', message: '暗房溫濕度' },
    role: { authority: 'system' },
    params: { yyyy: DIGITS, mm: DIGITS, dd: DIGITS },
    page: () => import('../features/darkroom-devices/routes/admin-temprh-page'),
  },
  {
    name: 'AdminReceiveMemberFee',
    path: '/admin/receive/member/fee',
    title: /*i18n*/ { id: 'route.AdminReceiveMemberFee', message: '收社費' },
    role: 'staff',
    page: () => import('../features/cash/routes/admin-receive-member-fee-page'),
  },
  {
    name: 'AdminSignInWorkshopResult',
    path: '/admin/signin/workshop/:semester/:workshopKind?',
    title: /*i18n*/ { id: 'route.AdminSignInWorkshopResult', message: '工作坊簽到結果' },
    role: 'staff',
    params: { semester: SEMESTER, workshopKind: /^[1-5]$/ },
    page: () => import('../features/signin/routes/admin-signin-workshop-result-page'),
  },
  {
    name: 'AdminSignIn',
    path: '/admin/signin/:pk?',
    title: /*i18n*/ { id: 'route.AdminSignIn', message: '簽到管理' },
    role: 'staff',
    params: { pk: DIGITS_OR_NEW },
    menu: 'staff',
    page: () => import('../features/signin/routes/admin-signin-page'),
  },
];

const routesByName = new Map(routesTable.map((route) => [route.name, route]));

export function routeNamed(name: string): AppRoute {
  const route = routesByName.get(name);
  if (route === undefined) throw new Error(`No route named ${name} in the route table`);
  return route;
}

/** Routes whose page is built: only these are routed and shown in menus. */
export const builtRoutes = (): AppRoute[] => routesTable.filter((route) => route.page !== undefined);

import { describe, expect, it } from 'vitest';
import type { SessionUser } from '../shared/session/user';
import {
  decideAccess,
  fillPath,
  isRouteAvailable,
  isStaffArea,
  loginPathFor,
  menuRoutes,
  paramsMatch,
} from './guards';
import { type AppRoute, routeNamed, routesTable } from './routes-table';
import { sessionUser } from '../shared/session/session-user.testing';

// Every route of spec doc 3, section 2.1, with its path in react-router syntax.
const specRoutes: Record<string, string> = {
  PublicHome: '/',
  PublicWorkshopForm: '/workshop/form',
  UserRegister: '/user/register',
  Calendar: '/calendar/:year?/:month?',
  MemberHome: '/memberhome',
  Terms: '/terms',
  UserPointLog: '/user/point/log',
  TransLog: '/user/trans/log',
  PayMemberFee: '/user/member/payfee',
  // An addition to the spec's table: the cash-pouch top-up page (docs/api.md, money).
  UserPouchTopUp: '/user/topup',
  LangSetting: '/user/setting/lang',
  Vote: '/vote',
  GroupBuy: '/groupbuy/:pk?',
  BookEstimate: '/book/estimate',
  OpenDoor: '/open/door',
  Library: '/library',
  Training: '/training',
  NAS: '/nas',
  LabelPrint: '/label/print',
  UserPointEdit: '/user/point/:pk',
  UserChangePassword: '/user/change/password',
  UserLogin: '/user/login',
  UserLogout: '/user/logout',
  UserPriceList: '/user/price/:accountprefix?',
  LoganCalc: '/logan/calc/:loganStep?',
  UserTransfer: '/user/transfer/:defaulttouserpk?',
  UserLibraryHistory: '/user/library/history',
  UserPropertyHistory: '/user/property/history',
  SignIn: '/signin',
  DarkroomReserveRule: '/reserve/rule',
  DarkroomReserve: '/reserve',
  WorkshopForm: '/workshop/fillin',
  PrintAssistant: '/print/:pk?',
  PrintAssistantImposition: '/print/:pk/imposition/:s3pks?',
  PrintAssistantDuoPrint: '/print/:pk/duoprint/:s3pk/:step?',
  AdminHome: '/admin',
  AdminMemberStaffWorkshopList: '/admin/:kind/list/:semester?',
  AdminStaffWorkshopAdd: '/admin/:kind/add/:semester',
  AdminUsageMember: '/admin/usage/member/:semester?',
  AdminUsageClub: '/admin/usage/club',
  AdminUserSearch: '/admin/user/search',
  AdminUserRecentDebtList: '/admin/user/list/:kind',
  AdminGicleeJobHistory: '/admin/giclee/job/history/:objFilter?',
  AdminPropertyHistory: '/admin/property/history/:objFilter?',
  AdminLibraryHistory: '/admin/library/history/:objFilter?',
  AdminSharingPaper: '/admin/sharingpaper',
  AdminSharingPaperRow: '/admin/sharingpaper/:pk',
  AdminSharingPaperEdit: '/admin/sharingpaper/:pk/edit',
  AdminMemberStaffStat: '/admin/member/stat',
  AdminP6000Stat: '/admin/p6000/stat',
  AdminDarkroomLog: '/admin/darkroom/log',
  AdminDispenserLog: '/admin/dispenser/log',
  AdminDispenserLogDetail: '/admin/dispenser/detail/:pk',
  AdminChemical2: '/admin/chemical2',
  AdminChemical2Log: '/admin/chemical2/log/:pk',
  AdminChemical2Adjust: '/admin/chemical2/adjust/:pk',
  AdminPointStat: '/admin/point/stat',
  AdminTransDetail: '/admin/trans/detail/:pk?',
  AdminWorkshopResult: '/admin/workshop/result/:pk?',
  AdminPointLog: '/admin/point/log',
  AdminPointEdit: '/admin/point/:pk',
  AdminStockList: '/admin/stock/list',
  AdminStockSingle: '/admin/stock/:pk',
  AdminStockAdd: '/admin/stock/add',
  AdminStockPurchase: '/admin/stock/purchase',
  AdminStockLog: '/admin/stock/log/:kind/:pk',
  AdminPropertyList: '/admin/property/list',
  AdminPropertyEdit: '/admin/property/:propertyid/edit',
  AdminFinanceStat: '/admin/finance',
  AdminDeposit: '/admin/deposit',
  AdminBulkFilmLoader: '/admin/bulkfilmloader',
  AdminAuth: '/admin/auth/:kind?',
  AdminActPlace: '/admin/actplace',
  AdminSystemStatus: '/admin/system/status',
  // The system logs (doc 3: '/admin/system/.../log', middle segments not shown: the API's are used).
  AdminSystemLoginLog: '/admin/system/login/log/:page?',
  AdminSystemOpendoorLog: '/admin/system/opendoor/log/:page?',
  AdminSystemLabelPrintLog: '/admin/system/label/print/log/:page?',
  AdminSystemUserChangeLog: '/admin/system/user/change/log/:page?',
  AdminSystemUserSearchLog: '/admin/system/user/search/log/:page?',
  AdminSystemEmailLog: '/admin/system/email/log/:page?',
  // A link seen in the spec (doc 3, section 2.1): /admin/user/detail/{pk}.
  AdminUserDetail: '/admin/user/detail/:pk',
  AdminSystemTempRH: '/admin/system/temprh/:yyyy?/:mm?/:dd?',
  AdminReceiveMemberFee: '/admin/receive/member/fee',
  AdminSignInWorkshopResult: '/admin/signin/workshop/:semester/:workshopKind?',
  AdminSignIn: '/admin/signin/:pk?',
};

const person = (overrides: Partial<SessionUser> = {}): SessionUser => sessionUser(overrides);

const allAuthorities = [
  ...new Set(routesTable.flatMap((route) => (typeof route.role === 'object' ? [route.role.authority] : []))),
];
const nonMember = person();
const member = person({ ismember: true, lastmember: '115-1' });
const staffNotMember = person({ isstaff: true, authlist: allAuthorities });
const staffMember = person({ ismember: true, isstaff: true, lastmember: '115-1' });
const staffMemberWithAll = person({
  ismember: true,
  isstaff: true,
  lastmember: '115-1',
  authlist: allAuthorities,
});

/** A concrete path for a route, with every parameter filled in with a value its pattern accepts. */
function samplePath(route: AppRoute): string {
  const samples: Record<string, string> = {};
  for (const match of route.path.matchAll(/:(\w+)/g)) {
    const name = match[1]!;
    const pattern = route.params?.[name];
    const candidates = ['115-1', '2026', '12', 'member', 'staff', 'recent', 'all', 'new', 'abc', 'ABC'];
    samples[name] = pattern ? (candidates.find((value) => pattern.test(value)) ?? '1') : '1';
  }
  return fillPath(route, samples);
}

const decide = (route: AppRoute, user: SessionUser | null) =>
  decideAccess(route, user, samplePath(route)).kind;

describe('route table', () => {
  it('has every route of the spec with its path, and nothing else', () => {
    const table = Object.fromEntries(routesTable.map((route) => [route.name, route.path]));
    expect(table).toEqual(specRoutes);
    expect(new Set(routesTable.map((route) => route.path)).size).toBe(routesTable.length);
  });

  it('gives every route a title with an explicit id and Chinese text', () => {
    for (const route of routesTable) {
      expect(route.title.id).toBe(`route.${route.name}`);
      expect(route.title.message).toMatch(/\S/);
    }
  });

  it('puts only built pages in menus', () => {
    for (const section of ['public', 'member', 'account', 'staff'] as const) {
      for (const user of [null, nonMember, member, staffMemberWithAll]) {
        for (const route of menuRoutes(user, section)) expect(route.page).toBeDefined();
      }
    }
    expect(routesTable.filter((route) => route.menu !== undefined && route.page === undefined)).toEqual([]);
  });

  it('lists the terms for visitors and signed-in people alike', () => {
    expect(menuRoutes(null, 'public').map((route) => route.name)).toContain('Terms');
    expect(menuRoutes(nonMember, 'member').map((route) => route.name)).toContain('Terms');
    expect(decide(routeNamed('Terms'), null)).toBe('allow');
  });

  it('lists the transfer for everyone who may transfer, and only for them', () => {
    const lists = (user: SessionUser) =>
      menuRoutes(user, 'member').some((route) => route.name === 'UserTransfer');
    expect(lists(person({ balance: 1, balanceplus: 1 }))).toBe(true);
    expect(lists(person({ authlist: ['allowdebt'] }))).toBe(true);
    expect(lists(person({ authlist: ['transfer'] }))).toBe(true);
    expect(lists(person({ balance: 0, balanceplus: 0 }))).toBe(false);
    expect(menuRoutes(null, 'public').some((route) => route.name === 'UserTransfer')).toBe(false);
  });

  it("lists the darkroom's session and dispenser pages (outside the spec's table) for members only", () => {
    const names = (user: SessionUser) => menuRoutes(user, 'member').map((route) => route.name);
    expect(names(member)).toEqual(expect.arrayContaining(['DarkroomSession', 'DarkroomDispense']));
    expect(names(nonMember)).not.toContain('DarkroomSession');
    expect(menuRoutes(null, 'public').map((route) => route.name)).not.toContain('DarkroomDispense');
  });

  it('marks login and registration as pages for visitors only', () => {
    expect(routesTable.filter((route) => route.visitorOnly).map((route) => route.name)).toEqual([
      'UserRegister',
      'UserLogin',
    ]);
  });

  it('has the pages of this issue built, and a button to an unbuilt page is never available', () => {
    const built = routesTable.filter((route) => route.page).map((route) => route.name);
    expect(built).toEqual(
      expect.arrayContaining([
        'PublicHome',
        'UserLogin',
        'UserLogout',
        'UserRegister',
        'MemberHome',
        'Terms',
      ]),
    );
    for (const route of routesTable.filter((candidate) => !candidate.page)) {
      expect(isRouteAvailable(route.name, staffMemberWithAll)).toBe(false);
    }
  });
});

describe('guards', () => {
  it('lets anyone open visitor routes', () => {
    for (const route of routesTable.filter((candidate) => candidate.role === 'visitor')) {
      for (const user of [null, nonMember, member, staffMember]) expect(decide(route, user)).toBe('allow');
    }
  });

  it('sends a visitor to login with ?redirect= for every other route', () => {
    for (const route of routesTable.filter((candidate) => candidate.role !== 'visitor')) {
      const path = `${samplePath(route)}?page=2`;
      expect(decideAccess(route, null, path)).toEqual({
        kind: 'login',
        to: `/user/login?redirect=${encodeURIComponent(path)}`,
      });
    }
  });

  it('lets any signed-in person open user routes', () => {
    for (const route of routesTable.filter((candidate) => candidate.role === 'user')) {
      expect(decide(route, nonMember)).toBe('allow');
    }
  });

  it('refuses member routes to signed-in people who are not members', () => {
    const memberRoutes = routesTable.filter((candidate) => candidate.role === 'member');
    expect(memberRoutes.map((route) => route.name)).toEqual(
      expect.arrayContaining(['Training', 'SignIn', 'DarkroomReserveRule', 'Vote']),
    );
    for (const route of memberRoutes) {
      expect(decide(route, nonMember)).toBe('forbidden');
      expect(decide(route, staffNotMember)).toBe('forbidden');
      expect(decide(route, member)).toBe('allow');
    }
  });

  it('requires staff AND membership for every Admin route', () => {
    const adminRoutes = routesTable.filter(isStaffArea);
    expect(adminRoutes.length).toBe(
      Object.keys(specRoutes).filter((name) => name.startsWith('Admin')).length,
    );
    for (const route of adminRoutes) {
      expect(route.role === 'staff' || typeof route.role === 'object').toBe(true);
      // The point head's screens also open to the point authority alone (tested below).
      if (route.alsoForAuthority !== undefined) continue;
      expect(decide(route, member)).toBe('forbidden');
      expect(decide(route, staffNotMember)).toBe('forbidden');
      expect(decide(route, person({ ismember: true, authlist: allAuthorities }))).toBe('forbidden');
      expect(decide(route, staffMemberWithAll)).toBe('allow');
    }
  });

  it("opens the point head's screens to active staff or to the point authority, and to no one else", () => {
    const pointRoutes = routesTable.filter((route) => route.alsoForAuthority !== undefined);
    expect(pointRoutes.map((route) => route.name).sort()).toEqual([
      'AdminPointEdit',
      'AdminPointLog',
      'AdminPointStat',
    ]);
    for (const route of pointRoutes) {
      expect(route.alsoForAuthority).toBe('point');
      expect(decide(route, staffMember)).toBe('allow');
      expect(decide(route, person({ authlist: ['point'] }))).toBe('allow');
      expect(decide(route, member)).toBe('forbidden');
      expect(decide(route, person({ isstaff: true }))).toBe('forbidden');
      expect(decide(route, person({ ismember: true, authlist: ['opendoor'] }))).toBe('forbidden');
      expect(decide(route, null)).toBe('login');
    }
  });

  it('requires the named authority for authority routes, on top of staff in the staff area', () => {
    const authorityRoutes = routesTable.filter((candidate) => typeof candidate.role === 'object');
    expect(authorityRoutes.length).toBeGreaterThan(0);
    for (const route of authorityRoutes) {
      const authority = (route.role as { authority: string }).authority;
      expect(decide(route, staffMember)).toBe('forbidden');
      expect(decide(route, person({ ismember: true, isstaff: true, authlist: [authority] }))).toBe('allow');
      expect(decide(route, person({ ismember: true, isstaff: true, authlist: ['something-else'] }))).toBe(
        'forbidden',
      );
    }
  });

  it('builds the login path with the current path encoded', () => {
    expect(loginPathFor('/user/change/password?a=1&b=2')).toBe(
      '/user/login?redirect=%2Fuser%2Fchange%2Fpassword%3Fa%3D1%26b%3D2',
    );
  });
});

describe('route parameters', () => {
  it('accepts the spec patterns and refuses others', () => {
    expect(paramsMatch(routeNamed('UserPointEdit'), { pk: '12' })).toBe(true);
    expect(paramsMatch(routeNamed('UserPointEdit'), { pk: 'new' })).toBe(true);
    expect(paramsMatch(routeNamed('UserPointEdit'), { pk: 'abc' })).toBe(false);
    expect(paramsMatch(routeNamed('GroupBuy'), {})).toBe(true);
    expect(paramsMatch(routeNamed('GroupBuy'), { pk: 'x1' })).toBe(false);
    expect(
      paramsMatch(routeNamed('AdminMemberStaffWorkshopList'), { kind: 'workshop', semester: '115-1' }),
    ).toBe(true);
    expect(paramsMatch(routeNamed('AdminMemberStaffWorkshopList'), { kind: 'stock' })).toBe(false);
    expect(paramsMatch(routeNamed('AdminUserRecentDebtList'), { kind: 'debt' })).toBe(true);
    expect(paramsMatch(routeNamed('AdminStockLog'), { kind: 'all', pk: '7' })).toBe(true);
    expect(paramsMatch(routeNamed('AdminStockLog'), { kind: '4', pk: '7' })).toBe(false);
    expect(paramsMatch(routeNamed('LoganCalc'), { loganStep: 'frameborder' })).toBe(true);
    expect(paramsMatch(routeNamed('LoganCalc'), { loganStep: 'Config' })).toBe(false);
  });

  it('fills paths and drops optional parameters left out', () => {
    expect(fillPath(routeNamed('Calendar'))).toBe('/calendar');
    expect(fillPath(routeNamed('Calendar'), { year: 2026, month: 11 })).toBe('/calendar/2026/11');
    expect(fillPath(routeNamed('AdminLibraryHistory'), { objFilter: 'due' })).toBe(
      '/admin/library/history/due',
    );
  });
});

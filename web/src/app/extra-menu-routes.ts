// Pages outside the spec's route table that members reach from their menu. Titles are plain message
// descriptors, as in routes-table.ts, so the menus' unit tests load this file without the Lingui macro.
import type { AppRoute } from './routes-table';

/**
 * The darkroom's chemical dispenser for members (issue 16; the spec shows no member path): pick a formula,
 * a volume and a tank and start it (docs/darkroom-devices.md).
 */
export const darkroomDispenseRoute: AppRoute = {
  name: 'DarkroomDispense',
  path: '/darkroom/dispense',
  title: /*i18n*/ { id: 'route.DarkroomDispense', message: '自動配藥機' },
  role: 'member',
  menu: 'member',
  page: () => import('../features/darkroom-devices/routes/darkroom-dispense-page'),
};

/**
 * Darkroom sessions (issue 16 §4; the spec shows no member path): check in, the lines form, the charge
 * preview, check out; the counter uses it with ?scope=store (docs/darkroom-sessions.md).
 */
export const darkroomSessionRoute: AppRoute = {
  name: 'DarkroomSession',
  path: '/darkroom/session',
  title: /*i18n*/ { id: 'route.DarkroomSession', message: '暗房使用登記' },
  role: 'member',
  menu: 'member',
  page: () => import('../features/darkroom-sessions/routes/darkroom-session-page'),
};

/** The extra pages in the member menu (other extra pages are reached from links or by staff). */
export const extraMenuRoutes: readonly AppRoute[] = [darkroomSessionRoute, darkroomDispenseRoute];

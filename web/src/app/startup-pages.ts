import type { PageModule } from './routes-table';

// The pages a visit usually starts on. Their messages (and those of every module they import) are in
// the start-up catalog (web/startup-catalog-plugin.ts follows these imports), so they render with it;
// every other page waits for the whole catalog. A page added here is covered without another step.
export const startupPages = {
  login: (): Promise<PageModule> => import('../features/auth/routes/login-page'),
  memberHome: (): Promise<PageModule> => import('../features/member-home/routes/member-home-page'),
} as const;

export const isStartupPage = (page: () => Promise<PageModule>): boolean =>
  Object.values(startupPages).includes(page);

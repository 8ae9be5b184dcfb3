import type { ComponentType } from 'react';
import LoginPage from '../features/auth/routes/login-page';
import MemberHomePage from '../features/member-home/routes/member-home-page';

// The pages a visit usually starts on, by route name. Their code is in the entry chunk, so the first
// render shows them (a lazily loaded page was fetched only once the entry had run, and rendered in a
// second pass, after a first paint without it). Their messages are in the start-up catalog
// (web/startup-catalog-plugin.ts follows the entry's imports), so they render with it, while every other
// page waits for the whole catalog. A page added here is covered without another step. (The route table
// keeps its lazy imports: it is read by unit tests that run without the Lingui macro.)
export const startupPages: Readonly<Record<string, ComponentType>> = {
  UserLogin: LoginPage,
  MemberHome: MemberHomePage,
};

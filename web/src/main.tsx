import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, createAppServices } from './app/app';
import { preloadPageAt } from './app/app-routes';
import { activateLocale, prefetchCatalog, preferredLocale } from './i18n/i18n';
import { currentUserQueryOptions } from './shared/session/current-user';

const services = createAppServices();

async function start() {
  // Who is this and which language do they read: asked before the first paint so nothing flickers.
  // Meanwhile the catalog of the likely language (a visitor's stored choice or the browser's; a signed-in
  // person's setting rarely differs) and the code of the page at this address load alongside, rather
  // than one after another: each round trip before the first paint counted in the page's LCP.
  const checking = services.queryClient.fetchQuery(currentUserQueryOptions()).catch(() => null);
  prefetchCatalog(preferredLocale(undefined));
  const page = preloadPageAt(window.location.pathname);
  const check = await checking;
  await activateLocale(preferredLocale(check?.user?.settings.lang), 'startup');
  // The first render waits for a start-up page's code. Rendered without it, the page suspended (the
  // menu and a loader painted first) and React holds back what a suspended boundary reveals until 300 ms
  // after it showed its fallback (FALLBACK_THROTTLE_MS in react-dom): the page's text, the LCP, came that
  // late even when its code had long arrived (traces of the login page: main thread idle ~140 ms).
  if (page?.startupPage) await page.loading;
  const root = document.getElementById('root');
  if (root === null) throw new Error('index.html has no #root element');
  createRoot(root).render(
    <StrictMode>
      <App services={services} />
    </StrictMode>,
  );
}

void start();

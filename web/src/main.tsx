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
  // than one after another: each round trip before the first paint counted in the page's LCP. The first
  // paint does not wait for the page's code (the menu shows meanwhile); waiting was measured no faster.
  const checking = services.queryClient.fetchQuery(currentUserQueryOptions()).catch(() => null);
  prefetchCatalog(preferredLocale(undefined));
  void preloadPageAt(window.location.pathname);
  const check = await checking;
  await activateLocale(preferredLocale(check?.user?.settings.lang), 'startup');
  const root = document.getElementById('root');
  if (root === null) throw new Error('index.html has no #root element');
  createRoot(root).render(
    <StrictMode>
      <App services={services} />
    </StrictMode>,
  );
}

void start();

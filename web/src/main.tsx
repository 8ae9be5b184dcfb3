import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, createAppServices } from './app/app';
import { activateLocale, preferredLocale } from './i18n/i18n';
import { currentUserQueryOptions } from './shared/session/current-user';

const services = createAppServices();

async function start() {
  // Who is this and which language do they read: asked before the first paint so nothing flickers.
  const check = await services.queryClient.fetchQuery(currentUserQueryOptions()).catch(() => null);
  await activateLocale(preferredLocale(check?.user?.settings.lang));
  const root = document.getElementById('root');
  if (root === null) throw new Error('index.html has no #root element');
  createRoot(root).render(
    <StrictMode>
      <App services={services} />
    </StrictMode>,
  );
}

void start();

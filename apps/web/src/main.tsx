import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App, createAppParts } from './app/app.tsx';
import { prefetchFirstPage } from './app/layout/first-page-prefetch.ts';
import { createAppRouter } from './app/router.tsx';
import { startLocale } from './lib/i18n/start-locale.ts';
import './styles/index.css';

/** Lets the browser run what waits (input, paint, network) before the next step of start-up. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Start-up in short tasks rather than one long one (PERF-07: total blocking time on a phone):
 * the router first, so the page's chunk is requested at once; then the store, the query cache
 * and the API client, with the first page's data asked for alongside its chunk; then the first
 * render, as a transition, so React yields to the browser every few milliseconds instead of
 * building the whole page in one go.
 */
async function start() {
  // The language first: a translated catalogue loads before anything renders (English needs none).
  await startLocale();
  const router = createAppRouter();
  await nextTask();
  const parts = createAppParts(router);
  void prefetchFirstPage(window.location, parts);
  await nextTask();
  startTransition(() => {
    createRoot(document.getElementById('root')!).render(
      <StrictMode>
        <App parts={parts} />
      </StrictMode>,
    );
  });
}

void start();

import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { createAppRouter } from './app/router.tsx';
import { createStore } from './store/store.ts';
import './styles/index.css';

/** Lets the browser run what waits (input, paint, network) before the next step of start-up. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Start-up in short tasks rather than one long one (PERF-07: total blocking time on a phone):
 * the router first, so the page's chunk is requested at once; then the store, which starts
 * reading the saved session; then the first render, as a transition, so React yields to the
 * browser every few milliseconds instead of building the whole page in one go.
 */
async function start() {
  const router = createAppRouter();
  await nextTask();
  const { store, persistor } = createStore();
  await nextTask();
  startTransition(() => {
    createRoot(document.getElementById('root')!).render(
      <StrictMode>
        <App parts={{ router, store, persistor }} />
      </StrictMode>,
    );
  });
}

void start();

import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import './styles/index.css';

// The first render as a transition: React yields to the browser every few milliseconds instead of
// building the whole page in one long task (PERF-07: total blocking time on a phone).
startTransition(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});

import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeStore, Providers, waitForRehydration } from '../../../test/shell-test-utils.tsx';
import { CookieConsent } from './cookie-consent.tsx';

const overlay = () => screen.queryByRole('region', { name: /cookies/i });

/** Renders the overlay the way a page load does: a store rehydrated from localStorage. */
async function load() {
  const made = makeStore();
  await waitForRehydration(made.persistor);
  const view = render(
    <Providers store={made.store} persistor={made.persistor}>
      <CookieConsent />
    </Providers>,
  );
  return { ...made, view };
}

describe('CookieConsent', () => {
  it("[SHELL-18] shows 'Accept' and 'Decline' until accepted; after Accept it stays gone after a reload", async () => {
    const user = userEvent.setup();
    const first = await load();
    expect(overlay()).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Accept' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Decline' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Accept' }));
    expect(overlay()).toBeNull();
    expect(first.store.getState().cookie.isCookieAccepted).toBe(true);
    await first.persistor.flush();
    first.view.unmount();

    const second = await load();
    expect(second.store.getState().cookie.isCookieAccepted).toBe(true);
    expect(overlay()).toBeNull();
  });

  it('[SHELL-18] Decline hides it for this page view only; it shows again on the next load', async () => {
    const user = userEvent.setup();
    const first = await load();
    await user.click(screen.getByRole('button', { name: 'Decline' }));
    expect(overlay()).toBeNull();
    expect(first.store.getState().cookie.isCookieAccepted).toBe(false);
    await first.persistor.flush();
    first.view.unmount();

    await load();
    expect(overlay()).toBeTruthy();
  });

  it('[SHELL-05] the overlay links to /cookie-policy.html, a real static HTML page of the app', async () => {
    await load();
    const link = screen.getByRole('link', { name: /cookie policy/i });
    expect(link.getAttribute('href')).toBe('/cookie-policy.html');

    const file = resolve(import.meta.dirname, '../../../public/cookie-policy.html');
    expect(existsSync(file)).toBe(true);
    const html = readFileSync(file, 'utf8');
    expect(html).toMatch(/^<!doctype html>/i);
    expect(html).toContain('<h1>Cookie policy</h1>');
    // CSP script-src 'self': the static page carries no script at all.
    expect(html).not.toMatch(/<script/i);
  });
});

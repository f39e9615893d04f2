import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import {
  makeStore,
  mockColorScheme,
  Providers,
  renderAt,
  waitForRehydration,
} from '../../../test/shell-test-utils.tsx';
import { Footer } from './footer.tsx';
import { ThemeSync } from './theme-sync.tsx';

afterEach(() => {
  document.body.className = '';
});

const bodyClasses = () => Array.from(document.body.classList).sort();

describe('Footer', () => {
  it("[SHELL-16] links to /terms-of-service and /about and shows a 'need help?' item", () => {
    renderAt(<Footer />);
    const footer = screen.getByRole('contentinfo');
    const nav = within(footer).getByRole('navigation', { name: 'Footer' });
    expect(
      within(nav)
        .getByRole('link', { name: /terms of service/i })
        .getAttribute('href'),
    ).toBe('/terms-of-service');
    expect(within(nav).getByRole('link', { name: /about/i }).getAttribute('href')).toBe('/about');
    const help = within(footer).getByText('need help?');
    expect(help.closest('a')?.getAttribute('href')).toMatch(/^mailto:/);
  });

  it('[SHELL-16] the language picker has English active and German, French and Russian disabled', () => {
    renderAt(<Footer />);
    const picker = screen.getByRole('combobox', { name: 'Language' }) as HTMLSelectElement;
    expect(picker.value).toBe('en');
    const options = within(picker).getAllByRole('option') as HTMLOptionElement[];
    const state = Object.fromEntries(
      options.map((o) => [o.textContent?.replace(' (coming soon)', ''), o.disabled]),
    );
    expect(state).toEqual({ English: false, German: true, French: true, Russian: true });
    expect(options.find((o) => o.selected)?.textContent).toBe('English');
  });

  it('[SHELL-17] the theme toggle cycles system → light → dark → system and sets the body class', async () => {
    const scheme = mockColorScheme(false);
    const user = userEvent.setup();
    const { store } = makeStore();
    renderAt(
      <>
        <ThemeSync />
        <Footer />
      </>,
      { store },
    );
    expect(store.getState().theme.thema).toBe('system');
    expect(bodyClasses()).toEqual(['system']);

    const toggle = () => screen.getByRole('button', { name: /^Theme:/ });
    expect(toggle().getAttribute('aria-label')).toBe('Theme: system. Switch to light');
    await user.click(toggle());
    expect(store.getState().theme.thema).toBe('light');
    expect(bodyClasses()).toEqual(['light']);
    await user.click(toggle());
    expect(store.getState().theme.thema).toBe('dark');
    expect(bodyClasses()).toEqual(['dark']);
    await user.click(toggle());
    expect(store.getState().theme.thema).toBe('system');
    expect(bodyClasses()).toEqual(['system']);
    scheme.restore();
  });

  it("[SHELL-17] 'system' adds 'dark' when the OS prefers dark, following changes live", () => {
    const scheme = mockColorScheme(true);
    renderAt(<ThemeSync />);
    expect(bodyClasses()).toEqual(['dark', 'system']);
    act(() => scheme.setDark(false));
    expect(bodyClasses()).toEqual(['system']);
    act(() => scheme.setDark(true));
    expect(bodyClasses()).toEqual(['dark', 'system']);
    scheme.restore();
  });

  it('[SHELL-17] the chosen theme is still applied after a reload', async () => {
    const user = userEvent.setup();
    const first = makeStore();
    await waitForRehydration(first.persistor);
    const view = renderAt(
      <>
        <ThemeSync />
        <Footer />
      </>,
      first,
    );
    await user.click(screen.getByRole('button', { name: /^Theme:/ })); // light
    await user.click(screen.getByRole('button', { name: /^Theme:/ })); // dark
    await first.persistor.flush();
    view.unmount();
    document.body.className = '';

    // "Reload": a fresh store rehydrated from localStorage.
    const second = makeStore();
    await waitForRehydration(second.persistor);
    expect(second.store.getState().theme.thema).toBe('dark');
    render(
      <Providers store={second.store}>
        <ThemeSync />
      </Providers>,
    );
    expect(bodyClasses()).toEqual(['dark']);
  });
});

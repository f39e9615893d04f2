import type { Locator, Page } from '@playwright/test';
import { acceptCookiesByClick, expect, logIn, tabTo, testInTravelWorld } from './fixtures.ts';

/**
 * PERF-09: every interactive control is reachable and usable by keyboard, with a visible focus.
 * Tab sweeps of the main screens (every tabbable control reached, each shown with a focus
 * indicator), focus handling of modals and panels, and the key journeys done with the keyboard only.
 */

/** The data of every sweep, created once per worker through the API. */
const test = testInTravelWorld('keyboard');

/** One stop of a Tab sweep. */
interface Stop {
  key: string;
  description: string;
  visible: boolean;
  indicator: boolean;
}

interface Sweep {
  /** Tabbable controls present before the sweep that Tab never reached. */
  missed: string[];
  /** Stops where the focused control was not visible or showed no focus indicator. */
  problems: string[];
  stops: number;
}

/** What the sweep reads of a control in the page: its look, and how a report names it. */
interface KbWindow {
  kb: { look: (element: Element | null) => string; describe: (element: HTMLElement) => string };
}

/**
 * Gives the page `window.kb` (once per document): `look`, a control's outline, box shadow,
 * background and border (and the ring a stretched link draws on ::after); `describe`, its tag,
 * role and name for a report.
 */
async function installKbHelpers(page: Page): Promise<void> {
  await page.evaluate(() => {
    const target = window as unknown as Partial<KbWindow>;
    target.kb ??= {
      look: (element) => {
        if (!element) return '';
        const style = getComputedStyle(element);
        const after = getComputedStyle(element, '::after');
        return [
          `${after.boxShadow} ${after.outlineStyle}`,
          // An outline whose style is none draws nothing, whatever its width or colour says.
          style.outlineStyle === 'none'
            ? 'none'
            : `${style.outlineStyle} ${style.outlineWidth} ${style.outlineColor}`,
          style.boxShadow,
          style.backgroundColor,
          style.borderColor,
        ].join('|');
      },
      describe: (element) => {
        const name =
          element.getAttribute('aria-label') ??
          element.getAttribute('placeholder') ??
          element.textContent?.trim().slice(0, 40) ??
          '';
        return `<${element.tagName.toLowerCase()}${element.getAttribute('role') ? ` role=${element.getAttribute('role')}` : ''}> "${name}"`;
      },
    };
  });
}

/**
 * Marks every tabbable control now in the page with data-kb-key and records its unfocused look
 * (outline, box shadow, background, border) and that of its parent and next sibling, which carry
 * the indicator of visually hidden inputs (e.g. a checkbox drawn by its label).
 */
async function markTabbables(page: Page, withLooks = true): Promise<void> {
  await installKbHelpers(page);
  await page.evaluate((recordLooks) => {
    const selector =
      'a[href], button, input:not([type="hidden"]), select, textarea, summary, [tabindex], [contenteditable="true"]';
    const { look } = (window as unknown as KbWindow).kb;
    let next = Number(document.body.dataset.kbNext ?? '0');
    for (const element of Array.from(document.querySelectorAll<HTMLElement>(selector))) {
      if (element.dataset.kbKey) continue;
      element.dataset.kbKey = String(next++);
      if (!recordLooks) continue;
      element.dataset.kbLook = look(element);
      element.dataset.kbParentLook = look(element.parentElement);
      element.dataset.kbSiblingLook = look(element.nextElementSibling);
    }
    document.body.dataset.kbNext = String(next);
  }, withLooks);
}

/** Keys of the marked controls a keyboard user must reach with Tab: enabled, tabbable, shown. */
async function expectedTabStops(page: Page): Promise<Map<string, string>> {
  await installKbHelpers(page);
  const entries = await page.evaluate(() => {
    const { describe } = (window as unknown as KbWindow).kb;
    const shown = (element: HTMLElement): boolean => {
      if (element.closest('[inert], [aria-hidden="true"], [hidden]')) return false;
      const target = element.closest('label') ?? element;
      const style = getComputedStyle(element);
      if (style.visibility === 'hidden' || style.display === 'none') return false;
      const rect = target.getBoundingClientRect();
      return rect.width > 0 && rect.height > 0;
    };
    return Array.from(document.querySelectorAll<HTMLElement>('[data-kb-key]'))
      .filter((element) => {
        if (element.tabIndex < 0) return false;
        if ((element as HTMLButtonElement).disabled) return false;
        if (element instanceof HTMLInputElement && element.type === 'radio' && !element.checked) {
          // One stop per radio group: the checked one.
          return !document.querySelector(`input[type="radio"][name="${element.name}"]:checked`);
        }
        return shown(element);
      })
      .map((element) => [element.dataset.kbKey ?? '', describe(element)] as const);
  });
  return new Map(entries);
}

/**
 * Waits until the page stops scrolling (focus scrolls smoothly into view), then reads the focused
 * control: is it visible, and does it look different from its unfocused self? One round trip a
 * Tab stop; the sweep has installed `window.kb` (markTabbables).
 */
async function focusedStop(page: Page): Promise<Stop | null> {
  return page.evaluate(async () => {
    await new Promise<void>((resolve) => {
      let last = `${window.scrollX},${window.scrollY}`;
      let still = 0;
      const started = performance.now();
      const tick = () => {
        const now = `${window.scrollX},${window.scrollY}`;
        still = now === last ? still + 1 : 0;
        last = now;
        if (still >= 3 || performance.now() - started > 2000) resolve();
        else requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    });
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body || element === document.documentElement) return null;
    const { look, describe } = (window as unknown as KbWindow).kb;
    const rect = element.getBoundingClientRect();
    const visuallyHidden = rect.width <= 1 || rect.height <= 1;
    const shownBox = (
      visuallyHidden ? (element.closest('label') ?? element.parentElement) : element
    )?.getBoundingClientRect();
    const inViewport =
      !!shownBox &&
      shownBox.width > 1 &&
      shownBox.height > 1 &&
      shownBox.bottom > 0 &&
      shownBox.right > 0 &&
      shownBox.top < window.innerHeight &&
      shownBox.left < window.innerWidth;
    const style = getComputedStyle(element);
    const ownOutline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
    const ownShadow = style.boxShadow !== 'none';
    let indicator: boolean;
    if (element.dataset.kbLook === undefined) {
      // Appeared after the sweep began (e.g. a sub-menu opened by focus): judge by itself.
      indicator = ownOutline || ownShadow || getComputedStyle(element, '::after').boxShadow !== 'none';
    } else if (visuallyHidden) {
      indicator =
        look(element.parentElement) !== element.dataset.kbParentLook ||
        look(element.nextElementSibling) !== element.dataset.kbSiblingLook;
    } else {
      // Outline, ring, background or border differ from the unfocused look.
      indicator = look(element) !== element.dataset.kbLook;
    }
    return {
      key: element.dataset.kbKey ?? '',
      description: describe(element),
      visible: inViewport && style.visibility !== 'hidden',
      indicator,
    };
  });
}

/**
 * Tabs through the whole page once (until focus comes back round, at most `limit` presses) and
 * reports the tabbable controls that were never reached and every stop without a visible focus.
 */
async function sweep(page: Page, limit = 400): Promise<Sweep> {
  // The pointer rests off any control, so no hover style is taken for a focus style.
  await page.mouse.move(1, (page.viewportSize()?.height ?? 800) - 1);
  await page.evaluate(() => {
    (document.activeElement as HTMLElement | null)?.blur();
    window.scrollTo(0, 0);
  });
  await markTabbables(page);
  const expected = await expectedTabStops(page);
  const reached = new Set<string>();
  const problems: string[] = [];
  let first: string | null = null;
  let stops = 0;
  for (let press = 0; press < limit; press++) {
    await page.keyboard.press('Tab');
    let stop = await focusedStop(page);
    if (!stop) continue;
    if (stop.key === '') {
      // A control rendered after the sweep began: give it a key (its look is unknown) and read it again.
      await markTabbables(page, false);
      stop = await focusedStop(page);
      if (!stop) continue;
    }
    if (first !== null && stop.key === first) break;
    first ??= stop.key;
    stops++;
    reached.add(stop.key);
    // Content loaded below (infinite scroll) may still be moving the page: look again until the
    // page has settled with the control shown, for a few seconds at most.
    for (const deadline = Date.now() + 5_000; !stop.visible && Date.now() < deadline;) {
      stop = (await focusedStop(page)) ?? stop;
    }
    if (!stop.visible) problems.push(`not visible when focused: ${stop.description}`);
    else if (!stop.indicator) problems.push(`no visible focus indicator: ${stop.description}`);
  }
  // Controls removed from the page during the sweep (a closed panel) cannot be reached any more.
  const unreached = [...expected.keys()].filter((key) => !reached.has(key));
  const stillThere = await page.evaluate(
    (keys) => keys.filter((key) => document.querySelector(`[data-kb-key="${key}"]`)),
    unreached,
  );
  return { missed: stillThere.map((key) => expected.get(key) ?? key), problems, stops };
}

async function expectSweepClean(page: Page, screen: string): Promise<void> {
  const result = await sweep(page);
  expect(result.stops, `${screen}: Tab stops`).toBeGreaterThan(3);
  expect(result.missed, `${screen}: controls Tab never reached`).toEqual([]);
  expect(result.problems, `${screen}: focus problems`).toEqual([]);
}

/**
 * Moves the focus down a menu with ArrowDown until the entry named `name` has it, one key at a
 * time, each press waiting for the focus to land on the next entry (no press races the last).
 */
async function arrowDownTo(page: Page, menu: Locator, name: RegExp): Promise<void> {
  const items = menu.getByRole('menuitem');
  const labels = await items.allTextContents();
  const target = labels.findIndex((label) => name.test(label));
  expect(target, `menu entry ${String(name)}`).toBeGreaterThanOrEqual(0);
  await expect(items.first()).toBeFocused();
  for (let index = 1; index <= target; index++) {
    await page.keyboard.press('ArrowDown');
    await expect(items.nth(index)).toBeFocused();
  }
}

/**
 * A keyboard-only journey keeps the pointer out of the page: a pointer left where the last click
 * was would hover (and so focus) whatever menu entry opens under it.
 */
async function parkPointer(page: Page): Promise<void> {
  await page.mouse.move(0, 0);
}

/** Signs the world's owner in, the pointer parked off every control. */
async function logInAsOwner(page: Page, owner: { email: string; password: string }): Promise<void> {
  await logIn(page, owner.email, owner.password);
  await parkPointer(page);
}

test.describe('Tab sweeps', () => {
  test('[PERF-09] signed out: home, place screen and login page are fully reachable with a visible focus', async ({
    page,
    world,
  }) => {
    test.setTimeout(120_000);
    await page.goto('/');
    await acceptCookiesByClick(page);
    await expect(page.getByRole('heading', { name: 'suggestions for you:' })).toBeVisible();
    await expectSweepClean(page, '/');

    await page.goto(world.placeUrl);
    await expect(page.getByTestId('feature-card').first()).toBeVisible();
    // Load the whole infinite grid first, so the footer stays put while Tab walks to it.
    const total = Number(((await page.getByTestId('features-total').textContent()) ?? '').replace(/\D/g, ''));
    await expect(async () => {
      await page.getByTestId('features-total').scrollIntoViewIfNeeded();
      await expect(page.getByTestId('feature-card')).toHaveCount(total, { timeout: 2_000 });
    }).toPass({ timeout: 45_000 });
    await expect(page.getByTestId('feature-card')).toHaveCount(total);
    await expectSweepClean(page, 'place screen');

    await page.goto('/auth');
    await expect(page.getByRole('form', { name: 'Log in' })).toBeVisible();
    await expectSweepClean(page, '/auth');
  });

  test('[PERF-09] signed in: home, trip tabs, messages, crew and wishlist are fully reachable with a visible focus', async ({
    page,
    world,
  }) => {
    test.setTimeout(180_000);
    await logInAsOwner(page, world.owner);
    await expect(page.getByRole('heading', { name: 'suggestions for you:' })).toBeVisible();
    await expectSweepClean(page, '/ signed in');

    await page.goto(`/trips/${world.tripId}`);
    await expect(page.getByTestId('feature-card').first()).toBeVisible();
    await expectSweepClean(page, 'trip features tab');
    for (const tab of ['planner', 'checklist']) {
      await page.getByRole('tab', { name: tab }).click();
      await expect(page.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
      await expect(page.getByRole('tabpanel').first()).toBeVisible();
      if (tab === 'planner') await expect(page.getByTestId('planner-item').first()).toBeVisible();
      if (tab === 'checklist') {
        // The personal checklist and the shared packing list (loaded after it) are both in: the
        // page no longer grows under the sweep.
        await expect(page.getByRole('checkbox').first()).toBeVisible();
        await expect(page.getByText(/Nothing on the shared list yet/)).toBeVisible();
      }
      await expectSweepClean(page, `trip ${tab} tab`);
    }

    await page.goto(`/profile/${world.owner.id}`);
    await page.getByRole('tab', { name: 'messages' }).click();
    await page.getByTestId('chat-entry').filter({ hasText: 'Ben' }).first().click();
    await expect(page.getByTestId('message').first()).toBeVisible();
    await expectSweepClean(page, 'messages tab');

    await page.goto('/crew');
    await expect(page.getByRole('link', { name: /Ben Brook/ }).first()).toBeVisible();
    await expectSweepClean(page, '/crew');

    await page.goto('/wishlist');
    await expect(page.getByTestId('wishlist-card').first()).toBeVisible();
    await expectSweepClean(page, '/wishlist');
  });
});

test.describe('keyboard journeys', () => {
  test('[PERF-09] location search → place screen, and the trip option bar set, with the keyboard only', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.goto('/');
    await acceptCookiesByClick(page);
    const search = page.getByRole('combobox', { name: 'Location' }).filter({ visible: true }).first();
    await tabTo(page, search);
    await page.keyboard.type('Lisbon');
    await expect(page.getByRole('option', { name: /Lisbon/ }).first()).toBeVisible();
    await page.keyboard.press('ArrowDown');
    await expect(search).toHaveAttribute('aria-activedescendant', /.+/);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: 'Lisbon' })).toBeVisible();

    // The trip option bar: open it, switch the transport mode, set dates, pick a category.
    const tune = page.getByRole('button', { name: 'Trip options' });
    await tabTo(page, tune);
    await page.keyboard.press('Enter');
    await expect(tune).toHaveAttribute('aria-expanded', 'true');
    const transport = page.getByRole('button', { name: /^Transport: / });
    await tabTo(page, transport);
    const wasPublic = ((await transport.getAttribute('aria-label')) ?? '').startsWith('Transport: public');
    await page.keyboard.press('Enter');
    await expect(transport).toHaveAttribute(
      'aria-label',
      wasPublic ? /^Transport: private/ : /^Transport: public/,
    );
    await expect(transport).toBeFocused();

    const dates = page.getByTestId('date-range-label');
    const datesButton = page.getByRole('button').filter({ has: dates });
    await tabTo(page, datesButton);
    await page.keyboard.press('Enter');
    const daysFromNow = page.getByLabel('days from now');
    await tabTo(page, daysFromNow);
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('10');
    await tabTo(page, page.getByLabel('nights'));
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('4');
    await expect(dates).not.toHaveText('dates');
    await page.keyboard.press('Escape');
    await expect(page.getByLabel('nights')).toHaveCount(0);
    await expect(datesButton).toBeFocused();

    const chip = page.getByRole('list', { name: 'Categories' }).getByRole('button').first();
    await tabTo(page, chip);
    await page.keyboard.press('Space');
    await expect(chip).toHaveAttribute('aria-pressed', 'true');
  });

  test('[PERF-09] planner items move between days and positions with the keyboard only, and the move is announced', async ({
    page,
    world,
  }) => {
    test.setTimeout(120_000);
    await logInAsOwner(page, world.owner);
    await page.goto(`/trips/${world.tripId}`);
    // Tabs: arrow keys move between them (one Tab stop for the tab list).
    const featuresTab = page.getByRole('tab', { name: 'features' });
    await tabTo(page, featuresTab);
    // Tab order: checklist, planner, bookings, features.
    await page.keyboard.press('ArrowLeft');
    await expect(page.getByRole('tab', { name: 'bookings' })).toBeFocused();
    await page.keyboard.press('ArrowLeft');
    const plannerTab = page.getByRole('tab', { name: 'planner' });
    await expect(plannerTab).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(plannerTab).toHaveAttribute('aria-selected', 'true');

    const tray = page.getByTestId('planner-tray');
    await expect(tray.getByTestId('planner-item').first()).toBeVisible();
    const trayCount = await tray.getByTestId('planner-item').count();
    const title = (await tray.getByTestId('planner-item-title').first().textContent()) ?? '';
    const dayTwo = page.getByTestId('planner-day').nth(1);

    // The item's move menu: open with Enter, pick 'To Day 2' with the arrow keys.
    const moveButton = page.getByRole('button', { name: `Move ${title}`, exact: true });
    await tabTo(page, moveButton);
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu', { name: `Move ${title}` });
    await expect(menu).toBeVisible();
    await expect(menu.getByRole('menuitem').first()).toBeFocused();
    await arrowDownTo(page, menu, /^To Day 2/);
    await page.keyboard.press('Enter');
    await expect(dayTwo.getByTestId('planner-item-title')).toHaveText([title]);
    await expect(tray.getByTestId('planner-item')).toHaveCount(trayCount - 1);
    await expect(page.getByRole('status').filter({ hasText: `${title} moved to Day 2` })).toBeAttached();
    // Focus is back on the item's move button, so the next move follows at once.
    await expect(page.getByRole('button', { name: `Move ${title}`, exact: true })).toBeFocused();

    // A second feature to day 2, then move it up above the first: a change of position.
    const second = (await tray.getByTestId('planner-item-title').first().textContent()) ?? '';
    await tabTo(page, page.getByRole('button', { name: `Move ${second}`, exact: true }), 60);
    await page.keyboard.press('Enter');
    await arrowDownTo(page, page.getByRole('menu', { name: `Move ${second}` }), /^To Day 2/);
    await page.keyboard.press('Enter');
    await expect(dayTwo.getByTestId('planner-item-title')).toHaveText([title, second]);
    await expect(page.getByRole('button', { name: `Move ${second}`, exact: true })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('menuitem', { name: 'Move up' })).toBeFocused();
    // The screen changes at once; the reload below must wait for the server to have the move.
    const saved = page.waitForResponse(
      (response) =>
        response.request().method() === 'POST' &&
        /\/planner\/items\/[^/]+\/move$/.test(new URL(response.url()).pathname) &&
        (response.request().postDataJSON() as { index?: number } | null)?.index === 0,
    );
    await page.keyboard.press('Enter');
    await expect(dayTwo.getByTestId('planner-item-title')).toHaveText([second, title]);
    expect((await saved).ok()).toBe(true);

    // The plan is saved: a reload shows the same order.
    await page.reload();
    await expect(page.getByTestId('planner-day').nth(1).getByTestId('planner-item-title')).toHaveText([
      second,
      title,
    ]);
  });

  test('[PERF-09] checklist, chat (Ctrl+Enter), notifications panel and modals with the keyboard only', async ({
    page,
    world,
  }) => {
    test.setTimeout(120_000);
    await logInAsOwner(page, world.owner);

    // Notifications: the bell opens its panel, Escape closes it and focus returns to the bell.
    const bell = page.getByRole('button', { name: /^Notifications/ });
    await tabTo(page, bell);
    await page.keyboard.press('Enter');
    await expect(bell).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByTestId('notification-item').first()).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(bell).toHaveAttribute('aria-expanded', 'false');
    await expect(bell).toBeFocused();

    // Checklist: tick an item with Space.
    await page.goto(`/trips/${world.tripId}`);
    const checklistTab = page.getByRole('tab', { name: 'checklist' });
    await tabTo(page, page.getByRole('tab', { name: 'features' }));
    await page.keyboard.press('Home');
    await expect(checklistTab).toBeFocused();
    await page.keyboard.press('Enter');
    const box = page.getByRole('checkbox').first();
    await tabTo(page, box);
    await expect(box).not.toBeChecked();
    await page.keyboard.press('Space');
    await expect(box).toBeChecked();

    // Trip settings modal: focus moves in, Tab stays inside, Escape closes, focus returns.
    const settingsButton = page.getByRole('button', { name: 'Trip settings' });
    await tabTo(page, settingsButton);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Trip settings' });
    await expect(dialog).toBeVisible();
    // Focus moves in from an effect that runs after the dialog is painted: wait for it.
    await expect
      .poll(() => dialog.evaluate((element) => element.contains(document.activeElement)))
      .toBe(true);
    for (let press = 0; press < 12; press++) {
      expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
      await page.keyboard.press(press % 3 === 2 ? 'Shift+Tab' : 'Tab');
    }
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(settingsButton).toBeFocused();

    // The dates editor: focus moves in, Escape cancels, focus returns to its button.
    const datesButton = page.getByRole('button', { name: /Trip dates/ });
    await tabTo(page, datesButton);
    await page.keyboard.press('Enter');
    await expect(page.getByLabel('start date')).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(page.getByLabel('start date')).toHaveCount(0);
    await expect(datesButton).toBeFocused();

    // Chat: the write-message modal, then a message sent with Ctrl+Enter in the messages tab.
    await page.goto(`/profile/${world.owner.id}`);
    const write = page.getByRole('button', { name: /Write a message to Ben/ });
    await tabTo(page, write);
    await page.keyboard.press('Enter');
    const writeDialog = page.getByRole('dialog');
    await expect(writeDialog).toBeVisible();
    await expect
      .poll(() => writeDialog.evaluate((element) => element.contains(document.activeElement)))
      .toBe(true);
    await page.keyboard.press('Escape');
    await expect(writeDialog).toHaveCount(0);
    await expect(write).toBeFocused();

    const messagesTab = page.getByRole('tab', { name: 'messages' });
    await tabTo(page, page.getByRole('tab', { name: 'crew' }));
    await page.keyboard.press('ArrowRight');
    await expect(messagesTab).toBeFocused();
    await page.keyboard.press('Enter');
    const entry = page.getByTestId('chat-entry').filter({ hasText: 'Ben' }).first().getByRole('button');
    await tabTo(page, entry);
    await page.keyboard.press('Enter');
    const text = `Packed and ready ${Date.now()}`;
    const field = page.getByRole('textbox', { name: 'Message' });
    await tabTo(page, field);
    await page.keyboard.type(text);
    await page.keyboard.press('Control+Enter');
    await expect(page.getByTestId('message').filter({ hasText: text })).toBeVisible();
    await expect(field).toHaveValue('');
  });

  test('[PERF-09] header: the book dropdown and the phone menu open, close and hand focus back by keyboard', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.goto('/');
    await acceptCookiesByClick(page);
    const book = page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: /book/ });
    await tabTo(page, book);
    await expect(book).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'flights' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(book).toBeFocused();
    await expect(book).toHaveAttribute('aria-expanded', 'false');

    await page.setViewportSize({ width: 390, height: 844 });
    const burger = page.getByRole('button', { name: 'Open menu' });
    await tabTo(page, burger);
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('mobile-menu')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('mobile-menu')).toBeHidden();
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused();

    // The location-search modal of small screens: Escape closes it, focus returns to its opener.
    const opener = page.getByTestId('location-search-opener');
    await tabTo(page, opener);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog', { name: 'Search your location' })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Location' }).last()).toBeFocused();
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(opener).toBeFocused();
  });
});

import type { Page } from '@playwright/test';
import {
  apiUser,
  expect,
  logIn,
  makeCrew,
  registerAccount,
  test,
  type ApiUser,
  type PageProblems,
} from './fixtures.ts';

/**
 * SEC-12: script typed into any text field the web app renders never runs. One user stores
 * script payloads in every field they can write (names, trip name, planner note, checklist,
 * message, wishlist list name) through the API; then every screen that shows them is visited as
 * that user and as a crew member. No payload may run (window.__xss stays unset, no dialog), none
 * may even try (no CSP violation: the text never became markup), and the text shows literally.
 */

const IMG = '<img src=x onerror="window.__xss=1">';
const SCRIPT = '<script>window.__xss=1</script>';
const SVG = '"><svg onload=window.__xss=1>';
const JS_URL = 'javascript:window.__xss=1';
const ALERT = '<img src=x onerror=alert(1)>';

interface Stored {
  tripId: string;
  tripName: string;
  note: string;
  message: string;
  listName: string;
}

/** Fails on a payload that ran, a dialog, a CSP violation (markup that tried to run), or injected markup. */
async function expectNoScriptRan(page: Page, problems: PageProblems, dialogs: string[], where: string) {
  const ran = await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss);
  expect(ran, `a payload ran on ${where}`).toBeUndefined();
  expect(dialogs, `a dialog opened on ${where}`).toEqual([]);
  expect(problems.cspViolations, `CSP violations on ${where}`).toEqual([]);
  // The payloads never became elements or attributes.
  expect(await page.locator('img[src="x"], svg[onload], [onerror], [onload]').count(), where).toBe(0);
  expect(await page.locator('a[href^="javascript:" i]').count(), where).toBe(0);
}

/** The checklist tab has rendered its groups and loaded the ticks from the server. */
async function checklistShown(page: Page): Promise<void> {
  await expect(page.getByTestId('checklist-group').first()).toBeVisible();
  await expect(page.getByText('Loading your ticks…')).toHaveCount(0);
}

async function visit(
  page: Page,
  problems: PageProblems,
  dialogs: string[],
  url: string,
  texts: string[],
  then?: () => Promise<void>,
): Promise<void> {
  await page.goto(url);
  await page.locator('main').first().waitFor();
  if (then) await then();
  for (const text of texts) {
    await expect(page.getByText(text, { exact: false }).first(), `${text} on ${url}`).toBeVisible();
  }
  await expectNoScriptRan(page, problems, dialogs, url);
}

async function storePayloads(ana: ApiUser, ben: ApiUser): Promise<Stored> {
  const place = (await (
    await ana.call('GET', '/core/places/search?country=portugal&place=lisbon')
  ).json()) as {
    _id: string;
  };
  const features = (await (
    await ana.call('GET', `/core/features/search?placeId=${place._id}&limit=3`)
  ).json()) as { data: { _id: string }[] };
  const created = await ana.call('POST', '/core/trips', {
    placeId: place._id,
    featureIds: features.data.slice(0, 2).map((f) => f._id),
    members: [ben.id],
  });
  expect(created.status(), await created.text()).toBe(201);
  const tripId = ((await created.json()) as { _id: string })._id;

  const tripName = `${SVG} ${IMG}`;
  const renamed = await ana.call('PATCH', `/core/trips/update/${tripId}`, { tripName });
  expect(renamed.status(), await renamed.text()).toBe(200);

  const note = `${SCRIPT} ${ALERT} ${JS_URL}`;
  const noted = await ana.call('POST', `/core/trips/${tripId}/planner/notes`, { text: note });
  expect(noted.status(), await noted.text()).toBeLessThan(300);

  const ticked = await ana.call('PUT', `/core/trips/${tripId}/checklist`, {
    entries: [IMG, SCRIPT, SVG, JS_URL],
  });
  expect(ticked.status(), await ticked.text()).toBeLessThan(300);

  const message = `${IMG} ${SCRIPT} ${SVG} ${JS_URL} https://example.test/?q=<script>`;
  const sent = await ana.call('POST', `/users/messages/direct/${ben.id}`, { text: message });
  expect(sent.status(), await sent.text()).toBeLessThan(300);
  const answered = await ben.call('POST', `/users/messages/direct/${ana.id}`, { text: SVG });
  expect(answered.status(), await answered.text()).toBeLessThan(300);

  const listName = `<svg onload=window.__xss=1>`;
  const list = await ana.call('POST', '/core/wishlist/lists', { name: listName });
  expect(list.status(), await list.text()).toBeLessThan(300);
  const hearted = await ana.call('POST', '/core/wishlist', {
    featureId: features.data[0]?._id,
    listname: listName,
  });
  expect(hearted.status(), await hearted.text()).toBeLessThan(300);

  return { tripId, tripName, note, message, listName };
}

test('[SEC-12] stored script in every rendered text field never runs in Chromium, for the owner and a crew member', async ({
  browser,
  page,
  problems,
}, testInfo) => {
  test.setTimeout(180_000);
  const tag = Math.random().toString(36).slice(2, 8);
  const anaNames = { name: IMG, lastName: `${SVG}${tag}` };
  const benNames = { name: SCRIPT, lastName: `${JS_URL}${tag}` };
  const ana = await registerAccount(page.request, { label: 'xss-ana', ...anaNames });
  const ben = await registerAccount(page.request, { label: 'xss-ben', ...benNames });
  const anaApi = await apiUser(page.request, ana.email, ana.password);
  const benApi = await apiUser(page.request, ben.email, ben.password);
  await makeCrew(anaApi, benApi);
  const stored = await storePayloads(anaApi, benApi);

  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });

  // ---- as the owner
  await logIn(page, ana.email, ana.password);
  await expectNoScriptRan(page, problems, dialogs, 'home after login');
  await visit(page, problems, dialogs, '/', [stored.tripName]);
  await visit(page, problems, dialogs, '/trips', [stored.tripName]);
  const tripUrl = `/trips/${stored.tripId}`;
  await visit(page, problems, dialogs, tripUrl, [stored.tripName]);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(stored.tripName);
  await page.getByRole('tab', { name: 'planner' }).click();
  await expect(page.getByText(stored.note, { exact: false }).first()).toBeVisible();
  await expectNoScriptRan(page, problems, dialogs, `${tripUrl} planner`);
  await page.getByRole('tab', { name: 'checklist' }).click();
  await checklistShown(page);
  await expectNoScriptRan(page, problems, dialogs, `${tripUrl} checklist`);
  await visit(page, problems, dialogs, '/wishlist', [stored.listName]);
  await visit(page, problems, dialogs, '/crew', [`${benNames.name} ${benNames.lastName}`]);
  await visit(page, problems, dialogs, `/profile/${anaApi.id}`, [anaNames.lastName]);
  await page.getByRole('tab', { name: 'messages' }).click();
  await page.getByTestId('chat-entry').first().click();
  await expect(page.getByText(stored.message, { exact: false }).first()).toBeVisible();
  await expectNoScriptRan(page, problems, dialogs, 'own messages');
  await visit(page, problems, dialogs, `/profile/${benApi.id}`, [benNames.lastName]);
  await page.getByRole('button', { name: /^Notifications/ }).click();
  await expect(page.getByTestId('notification-item').first()).toBeVisible();
  await expectNoScriptRan(page, problems, dialogs, 'notifications panel (owner)');

  // Search boxes that echo what was typed.
  await page.goto('/crew');
  await page.getByPlaceholder('name, email or phone number').fill(IMG);
  // The box echoes what was typed in its hint (it is not letters and digits: no search is made).
  await expect(page.getByText('Letters and digits only, please.')).toBeVisible();
  await expectNoScriptRan(page, problems, dialogs, 'crew search');
  await page.goto('/');
  const where = page.getByPlaceholder('where do you want to be?').filter({ visible: true }).first();
  await where.fill(SVG);
  await where.press('Enter');
  // The search answered and its outcome, naming what was typed, is shown.
  await expect(page.getByText(/No place found for/)).toBeVisible();
  await expectNoScriptRan(page, problems, dialogs, 'location search');
  // Text from the address bar (route params and query strings) is rendered as text too. Each
  // page is checked once it shows its outcome (what it says about the bogus address).
  const fromAddressBar: Array<[string, string]> = [
    [
      `/place/${encodeURIComponent(IMG)}/City/${encodeURIComponent(SVG)}?place=${encodeURIComponent(SCRIPT)}`,
      'We could not find this place.',
    ],
    [`/profile/${encodeURIComponent(SVG)}`, 'Traveller not found'],
    [`/trips/${encodeURIComponent(IMG)}`, 'This trip does not exist, or you are not one of its members.'],
    [`/${encodeURIComponent(SCRIPT)}`, 'Page not found'],
    [`/auth/confirm?email=${encodeURIComponent(SVG)}`, 'Enter the code from the email we sent you.'],
    [`/auth/recovery-confirm?email=${encodeURIComponent(IMG)}`, 'Set a new password'],
  ];
  for (const [url, outcome] of fromAddressBar) {
    await visit(page, problems, dialogs, url, [outcome]);
  }

  // ---- as a crew member, in a browser of their own
  const benContext = await browser.newContext({
    baseURL: testInfo.project.use.baseURL,
    viewport: { width: 1280, height: 800 },
  });
  const benPage = await benContext.newPage();
  const benProblems: PageProblems = { consoleErrors: [], consoleWarnings: [], cspViolations: [] };
  benPage.on('console', (m) => {
    if (/Content[- ]Security[- ]Policy/i.test(m.text())) benProblems.cspViolations.push(m.text());
  });
  benPage.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  try {
    await logIn(benPage, ben.email, ben.password);
    await visit(benPage, benProblems, dialogs, '/', [stored.tripName]);
    await visit(benPage, benProblems, dialogs, tripUrl, [stored.tripName]);
    await benPage.getByRole('tab', { name: 'planner' }).click();
    await expect(benPage.getByText(stored.note, { exact: false }).first()).toBeVisible();
    await expectNoScriptRan(benPage, benProblems, dialogs, `${tripUrl} planner (crew)`);
    await benPage.getByRole('tab', { name: 'checklist' }).click();
    await checklistShown(benPage);
    await expectNoScriptRan(benPage, benProblems, dialogs, `${tripUrl} checklist (crew)`);
    await visit(benPage, benProblems, dialogs, '/crew', [`${anaNames.name} ${anaNames.lastName}`]);
    await visit(benPage, benProblems, dialogs, `/profile/${anaApi.id}`, [anaNames.lastName]);
    await visit(benPage, benProblems, dialogs, `/profile/${benApi.id}`, [benNames.lastName]);
    await benPage.getByRole('tab', { name: 'messages' }).click();
    await benPage.getByTestId('chat-entry').first().click();
    await expect(benPage.getByText(stored.message, { exact: false }).first()).toBeVisible();
    await expectNoScriptRan(benPage, benProblems, dialogs, 'messages (crew)');
    await benPage.getByRole('button', { name: /^Notifications/ }).click();
    await expect(benPage.getByTestId('notification-item').first()).toBeVisible();
    await expectNoScriptRan(benPage, benProblems, dialogs, 'notifications panel (crew)');
  } finally {
    await benContext.close();
  }
  expect(problems.consoleErrors.filter((e) => /__xss|alert/.test(e))).toEqual([]);
});

test('[SEC-12] the Content-Security-Policy forbids inline script, so injected markup could not run either', async ({
  page,
  problems,
}) => {
  const response = await page.goto('/');
  const csp = response?.headers()['content-security-policy'] ?? '';
  const scriptSrc = /script-src ([^;]*)/.exec(csp)?.[1] ?? '';
  expect(scriptSrc).toContain("'self'");
  expect(scriptSrc).not.toMatch(/unsafe-inline|unsafe-eval|\*/);
  expect(csp).toMatch(/script-src-attr 'none'/);
  expect(csp).toMatch(/object-src 'none'/);

  // Markup forced into the page the way a careless render would: the browser refuses to run it.
  await page.evaluate(
    ([img, script]) => {
      const host = document.createElement('div');
      host.innerHTML = img ?? '';
      document.body.append(host);
      const inline = document.createElement('script');
      inline.textContent = script ?? '';
      document.body.append(inline);
    },
    [IMG, 'window.__xss = 1'],
  );
  await expect.poll(() => problems.cspViolations.length).toBeGreaterThan(0);
  expect(await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss)).toBeUndefined();
});

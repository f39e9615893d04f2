import AxeBuilder from '@axe-core/playwright';
import {
  test as base,
  expect,
  type APIRequestContext,
  type APIResponse,
  type Locator,
  type Page,
} from '@playwright/test';
import { placePath } from '../src/lib/place-path.ts';

/** The WCAG levels the journeys hold the app to (SPEC PERF-08). */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * An axe-core scan of the page, run in the page itself (axe's "legacy" mode). The app draws no
 * frames, so the default mode's only difference is its cost: it opens a blank page in the browser
 * for every scan to merge the frames' results, a new renderer process each time.
 */
export function axe(page: Page): AxeBuilder {
  return new AxeBuilder({ page }).setLegacyMode(true);
}

/**
 * Collects console errors and warnings, page errors and CSP violations so every journey can assert
 * there were none.
 */
export interface PageProblems {
  consoleErrors: string[];
  consoleWarnings: string[];
  cspViolations: string[];
}

function watch(page: Page): PageProblems {
  const problems: PageProblems = { consoleErrors: [], consoleWarnings: [], cspViolations: [] };
  page.on('console', (message) => {
    const text = message.text();
    if (/Content[- ]Security[- ]Policy/i.test(text)) problems.cspViolations.push(text);
    else if (message.type() === 'error') problems.consoleErrors.push(text);
    else if (message.type() === 'warning') problems.consoleWarnings.push(text);
  });
  page.on('pageerror', (error) => problems.consoleErrors.push(`pageerror: ${error.message}`));
  return problems;
}

/**
 * Makes the page a browser without service workers, a path the app supports (it registers its
 * worker only where `navigator.serviceWorker` exists).
 */
const WITHOUT_SERVICE_WORKERS = 'delete Navigator.prototype.serviceWorker;';

interface JourneyOptions {
  /**
   * Whether the app may install its service worker. Off unless a journey is about it: installing
   * it downloads and caches the whole app shell in every new browser context, about 2 CPU s each
   * (decision 034). The offline journeys turn it on.
   */
  withServiceWorker: boolean;
}

export const test = base.extend<{ problems: PageProblems; _journeyContexts: void } & JourneyOptions>({
  withServiceWorker: [false, { option: true }],
  context: async ({ context, withServiceWorker }, use) => {
    if (!withServiceWorker) await context.addInitScript(WITHOUT_SERVICE_WORKERS);
    await use(context);
  },
  // Contexts a journey opens itself (a second member's browser) follow the same rule.
  _journeyContexts: [
    async ({ browser, withServiceWorker }, use) => {
      const newContext = browser.newContext;
      if (!withServiceWorker) {
        browser.newContext = async function (this: typeof browser, ...args) {
          const context = await newContext.apply(this, args);
          await context.addInitScript(WITHOUT_SERVICE_WORKERS);
          return context;
        };
      }
      await use();
      browser.newContext = newContext;
    },
    { auto: true },
  ],
  problems: async ({ page }, use) => {
    await use(watch(page));
  },
});

/**
 * Clicks Accept on the cookie overlay unless consent was given already, so it does not cover what
 * a test clicks. The overlay is its own chunk, loaded after the first render until consent is
 * given: whether it will show is read from the persisted consent (localStorage 'cookie-accept'),
 * not from whether it has shown yet.
 */
export async function acceptCookiesByClick(page: Page): Promise<void> {
  const accept = page.getByRole('button', { name: 'Accept' });
  await page.locator('footer').first().waitFor();
  const given = await page.evaluate(() =>
    /"isCookieAccepted":"?true/.test(localStorage.getItem('cookie-accept') ?? ''),
  );
  if (!given) await accept.click();
  await expect(accept).toHaveCount(0);
}

export { expect };

/** A unique throwaway address for one journey. */
export const uniqueEmail = (label: string) =>
  `e2e-${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@tripcrew.test`;

/** The CSRF and client headers every non-GET API call needs (the cookie comes from GET /api/health). */
async function apiHeaders(request: APIRequestContext): Promise<Record<string, string>> {
  const health = await request.get('/api/health');
  const fromCookie = (await request.storageState()).cookies.find((c) => c.name === 'csrf-token')?.value;
  const setCookie = /csrf-token=([^;]+)/.exec(health.headers()['set-cookie'] ?? '')?.[1];
  return { 'X-CSRF-Token': fromCookie ?? setCookie ?? '', 'X-Requested-With': 'XMLHttpRequest' };
}

/**
 * Waits for the newest mail to `to` in the dev outbox whose subject matches `subject` (the
 * account confirmation unless told) and returns the code it carries.
 */
export async function codeFromOutbox(
  request: APIRequestContext,
  to: string,
  subject = /Confirm your Tripcrew account/,
): Promise<string> {
  let code = '';
  await expect
    .poll(
      async () => {
        const response = await request.get(`/api/dev/outbox?to=${encodeURIComponent(to)}&limit=20`);
        if (!response.ok()) return '';
        const { mails } = (await response.json()) as { mails: { subject: string; text: string }[] };
        const mail = mails.find((m) => subject.test(m.subject));
        code = /\b(\d{4}-?\d{4})\b/.exec(mail?.text ?? '')?.[1] ?? '';
        return code;
      },
      { message: `a mail "${subject.source}" to ${to} in the dev outbox`, timeout: 15_000 },
    )
    .not.toBe('');
  return code;
}

export interface AccountInput {
  label: string;
  password?: string;
  name?: string;
  lastName?: string;
}

/**
 * Registers and confirms an account through the API (the confirmation code comes from the dev
 * outbox). Returns its email and password.
 */
export async function registerAccount(
  request: APIRequestContext,
  { label, password = 'Trips-pass-2025!', name = 'Tess', lastName = 'Traveller' }: AccountInput,
): Promise<{ email: string; password: string }> {
  const email = uniqueEmail(label);
  const headers = await apiHeaders(request);
  const registered = await request.post('/api/auth/register', {
    headers,
    data: { name, lastName, email, password },
  });
  expect(registered.status()).toBe(201);
  const code = await codeFromOutbox(request, email);
  const confirmed = await request.post('/api/auth/confirm', { headers, data: { email, code } });
  expect(confirmed.status()).toBe(200);
  return { email, password };
}

/** Signs in through the login form; leaves the page at / signed in. */
export async function logInWithForm(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/auth');
  await acceptCookiesByClick(page);
  const form = page.getByRole('form', { name: 'Log in' });
  await form.getByLabel('Email', { exact: true }).fill(email);
  await form.getByLabel('Password', { exact: true }).fill(password);
  await form.getByRole('button', { name: 'Log in' }).click();
  // Home; the trip draft may add its query string.
  await expect(page).toHaveURL((url) => url.pathname === '/');
}

/** redux-persist's form of a persisted slice: each field JSON-encoded, then the whole object. */
const persistedSlice = (fields: Record<string, unknown>): string =>
  JSON.stringify({
    ...Object.fromEntries(Object.entries(fields).map(([key, value]) => [key, JSON.stringify(value)])),
    _persist: JSON.stringify({ version: 1, rehydrated: true }),
  });

/**
 * Signs in without the form: logs in through the API with the page's own request context (so the
 * session carries the browser's user agent), then gives the page's context the storage state the
 * login form leaves behind (the tokens under "auth", cookies accepted) and opens `path` (/ unless
 * the journey starts elsewhere: one page load instead of two). Journeys about signing in use the
 * form (accounts.spec.ts, first-impressions.spec.ts, logInWithForm).
 */
export async function logIn(page: Page, email: string, password: string, path = '/'): Promise<void> {
  const headers = await apiHeaders(page.request);
  const login = await page.request.post('/api/auth/login', { headers, data: { email, password } });
  expect(login.status(), 'the API login').toBe(200);
  const { accessToken, refreshToken } = (await login.json()) as { accessToken: string; refreshToken: string };
  const context = page.context();
  const { cookies, origins } = await context.storageState();
  const origin = new URL(page.url().startsWith('http') ? page.url() : (test.info().project.use.baseURL ?? ''))
    .origin;
  const kept = origins.find((entry) => entry.origin === origin)?.localStorage ?? [];
  const set = new Map(kept.map((item) => [item.name, item.value]));
  set.set('auth', persistedSlice({ accessToken, refreshToken }));
  set.set('cookie-accept', persistedSlice({ isCookieAccepted: true }));
  await context.setStorageState({
    cookies,
    origins: [
      ...origins.filter((entry) => entry.origin !== origin),
      { origin, localStorage: [...set].map(([name, value]) => ({ name, value })) },
    ],
  });
  // Signed in once the stored session has been checked (SessionBootstrap: GET /users/users/me).
  const checked = page.waitForResponse((response) => /\/api\/users\/users\/me\b/.test(response.url()));
  await page.goto(path);
  expect((await checked).status(), 'the stored session was accepted').toBe(200);
}

/** Registers and confirms an account through the API and signs in (logIn). Leaves the page at /. */
export async function signUpAndLogIn(
  page: Page,
  label: string,
  password = 'Trips-pass-2025!',
): Promise<string> {
  const { email } = await registerAccount(page.request, { label, password });
  await logIn(page, email, password);
  return email;
}

/** A signed-in API caller (its own session, apart from any browser page). */
export interface ApiUser {
  id: string;
  call(
    method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
    path: string,
    data?: unknown,
  ): Promise<APIResponse>;
}

/** Signs in over the API and returns a caller that sends the bearer token and CSRF headers. */
export async function apiUser(request: APIRequestContext, email: string, password: string): Promise<ApiUser> {
  const headers = await apiHeaders(request);
  const login = await request.post('/api/auth/login', { headers, data: { email, password } });
  expect(login.status()).toBe(200);
  const session = (await login.json()) as { _id: string; accessToken: string };
  const auth = { ...headers, authorization: `Bearer ${session.accessToken}` };
  return {
    id: session._id,
    call: (method, path, data) =>
      request.fetch(`/api${path}`, { method, headers: auth, ...(data === undefined ? {} : { data }) }),
  };
}

/** Lisbon's place id and its curated features' ids by title, read by a signed-in API user. */
export async function lisbonCatalogue(
  user: ApiUser,
): Promise<{ placeId: string; featureId(title: string): string }> {
  const [lisbon] = (await (await user.call('GET', '/core/places/autocomplete?q=Lisbon')).json()) as Array<{
    _id: string;
  }>;
  if (!lisbon) throw new Error('the curated seed has no Lisbon');
  const features = (await (
    await user.call('GET', `/core/features/search?placeId=${lisbon._id}&limit=50`)
  ).json()) as { data: Array<{ _id: string; title: string }> };
  return {
    placeId: lisbon._id,
    featureId(title) {
      const found = features.data.find((feature) => feature.title === title);
      if (!found) throw new Error(`the curated seed has no ${title} in Lisbon`);
      return found._id;
    },
  };
}

/** Makes two API users crew: a asks, b approves. */
export async function makeCrew(a: ApiUser, b: ApiUser): Promise<void> {
  const asked = await a.call('POST', '/users/crew/crew-request', { userId: b.id });
  expect(asked.status()).toBeLessThan(300);
  const requests = (await (await b.call('GET', '/users/crew/requests')).json()) as {
    incoming: { _id: string; user: { _id: string } }[];
  };
  const request = requests.incoming.find((r) => r.user._id === a.id);
  expect(request, 'the crew request reached the receiver').toBeDefined();
  const approved = await b.call('POST', `/users/crew/approve-request/${request?._id ?? ''}`);
  expect(approved.status()).toBe(200);
}

/** Presses Tab until `target` has focus (keyboard only); fails after `limit` presses. */
export async function tabTo(page: Page, target: Locator, limit = 150): Promise<void> {
  for (let press = 0; press < limit; press++) {
    if (await target.evaluate((element) => element === document.activeElement).catch(() => false)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target, 'reached by Tab').toBeFocused();
}

/** From / : searches a city, opens its place screen and picks the first `count` features; returns their titles. */
export async function pickFeaturesIn(page: Page, city: string, count: number): Promise<string[]> {
  // Inline from 640 px on; a modal on smaller screens.
  if ((page.viewportSize()?.width ?? 1280) < 640) await page.getByTestId('location-search-opener').click();
  const input = page.getByPlaceholder('where do you want to be?').filter({ visible: true }).first();
  await input.fill(city);
  await input.press('Enter');
  const option = page.getByRole('option', { name: new RegExp(city) }).first();
  await expect(option).toBeVisible();
  await option.click();
  await expect(page.getByRole('heading', { level: 1, name: city })).toBeVisible();
  const pickButtons = page.getByRole('button', { name: /^Pick / });
  await expect(pickButtons.first()).toBeVisible();
  const names: string[] = [];
  for (let i = 0; i < count; i++) {
    names.push(((await pickButtons.nth(i).getAttribute('aria-label')) ?? '').replace(/^Pick /, ''));
  }
  for (const name of names) {
    await page.getByRole('button', { name: `Pick ${name}`, exact: true }).click();
    await expect(page.getByRole('button', { name: `Unpick ${name}`, exact: true })).toBeVisible();
  }
  return names;
}

/** What seedTravelWorld creates: a traveller with a crew member, a pending request, a trip, a chat. */
export interface TravelWorld {
  owner: { email: string; password: string; id: string };
  /** Ben Brook, in the owner's crew and a member of the trip. */
  friend: { email: string; password: string; id: string };
  friendId: string;
  tripId: string;
  placeId: string;
  placeTitle: string;
  /** The place as returned by autocomplete (for building its /place/... path). */
  place: {
    _id: string;
    title: string;
    type: 'Country' | 'Region' | 'City';
    country?: string | null;
    region?: string | null;
  };
}

/**
 * Creates, through the API, a signed-up traveller (Ada Lovell) with one crew member (Ben Brook),
 * an incoming crew request (Cleo Craig, which also notifies her), a four-day trip to Lisbon with
 * four features waiting in the planner's tray, a saved wishlist feature and a two-message chat.
 */
export async function seedTravelWorld(request: APIRequestContext, label: string): Promise<TravelWorld> {
  const ownerAccount = await registerAccount(request, {
    label: `${label}-owner`,
    name: 'Ada',
    lastName: 'Lovell',
  });
  const friendAccount = await registerAccount(request, {
    label: `${label}-friend`,
    name: 'Ben',
    lastName: 'Brook',
  });
  const askerAccount = await registerAccount(request, {
    label: `${label}-asker`,
    name: 'Cleo',
    lastName: 'Craig',
  });
  const owner = await apiUser(request, ownerAccount.email, ownerAccount.password);
  const friend = await apiUser(request, friendAccount.email, friendAccount.password);
  const asker = await apiUser(request, askerAccount.email, askerAccount.password);
  await makeCrew(owner, friend);
  expect((await asker.call('POST', '/users/crew/crew-request', { userId: owner.id })).status()).toBeLessThan(
    300,
  );

  const places = (await (
    await owner.call('GET', '/core/places/autocomplete?q=Lisbon')
  ).json()) as TravelWorld['place'][];
  const place = places[0];
  if (!place) throw new Error('the curated seed has no Lisbon');
  const features = (await (
    await owner.call('GET', `/core/features/search?placeId=${encodeURIComponent(place._id)}&limit=4`)
  ).json()) as { data: { _id: string }[] };
  const featureIds = features.data.map((feature) => feature._id);
  const day = (offset: number) => {
    const date = new Date();
    date.setDate(date.getDate() + offset);
    return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
  };
  const created = await owner.call('POST', '/core/trips', {
    placeId: place._id,
    startDate: day(20),
    endDate: day(23),
    transportMode: 'public',
    featureIds,
    categories: [],
    members: [friend.id],
  });
  expect(created.status()).toBe(201);
  const { _id: tripId } = (await created.json()) as { _id: string };
  expect((await owner.call('POST', '/core/wishlist', { featureId: featureIds[0] })).status()).toBeLessThan(
    300,
  );
  const fromFriend = await friend.call('POST', `/users/messages/direct/${owner.id}`, {
    text: 'Tickets booked for Lisbon',
  });
  expect(fromFriend.status()).toBeLessThan(300);
  const fromOwner = await owner.call('POST', `/users/messages/direct/${friend.id}`, {
    text: 'Great, see you there',
  });
  expect(fromOwner.status()).toBeLessThan(300);
  return {
    owner: { ...ownerAccount, id: owner.id },
    friend: { ...friendAccount, id: friend.id },
    friendId: friend.id,
    tripId,
    placeId: place._id,
    placeTitle: place.title,
    place,
  };
}

/** seedTravelWorld, its owner as an API caller, and the owner signed in on `page` (at /). */
export async function ownerInTravelWorld(
  page: Page,
  request: APIRequestContext,
  label: string,
): Promise<{ world: TravelWorld; owner: ApiUser }> {
  const world = await seedTravelWorld(request, label);
  const owner = await apiUser(request, world.owner.email, world.owner.password);
  await logIn(page, world.owner.email, world.owner.password);
  return { world, owner };
}

/** A travel world with the path of its place screen. */
export interface PlacedTravelWorld extends TravelWorld {
  placeUrl: string;
}

/**
 * `test` with a `world` fixture: one seedTravelWorld (named after `label`) per worker, created
 * through the API and shared by that worker's tests.
 */
export function testInTravelWorld(label: string) {
  return test.extend<object, { world: PlacedTravelWorld }>({
    world: [
      async ({ playwright }, use, workerInfo) => {
        const request = await playwright.request.newContext({ baseURL: workerInfo.project.use.baseURL });
        const world = await seedTravelWorld(request, label);
        await use({ ...world, placeUrl: placePath(world.place) });
        await request.dispose();
      },
      { scope: 'worker' },
    ],
  });
}

/**
 * Whether the journeys keep pictures of what they show (test-results), for a person to look at:
 * yes, unless in CI (CI=1), where nobody looks at them; JOURNEY_SCREENSHOTS=1 or 0 decides anyway.
 */
export const TAKE_SCREENSHOTS = (process.env.JOURNEY_SCREENSHOTS ?? (process.env.CI ? '0' : '1')) === '1';

/** A picture of the page as it is now (test-results/<test>/<name>.png), when pictures are kept. */
export async function picture(page: Page, name: string, fullPage = false): Promise<void> {
  if (TAKE_SCREENSHOTS) await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage });
}

/**
 * Pictures at a phone's and a laptop's size, light and dark (test-results), when pictures are
 * kept: the whole page, or what the screen shows while a dialog is open (a full-page picture cuts
 * a fixed dialog apart). Leaves the page light at 1366 × 900 either way.
 */
export async function screenshots(page: Page, name: string, fullPage = true): Promise<void> {
  for (const colorScheme of TAKE_SCREENSHOTS ? (['light', 'dark'] as const) : []) {
    await page.emulateMedia({ colorScheme });
    for (const viewport of [
      { width: 390, height: 844 },
      { width: 1366, height: 900 },
    ]) {
      await page.setViewportSize(viewport);
      await picture(page, `${name}-${viewport.width}-${colorScheme}`, fullPage);
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1366, height: 900 });
}

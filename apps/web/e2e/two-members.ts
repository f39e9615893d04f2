import type { APIRequestContext, Browser, BrowserContext, Page } from '@playwright/test';
import {
  type AccountInput,
  apiUser,
  type ApiUser,
  expect,
  logIn,
  makeCrew,
  registerAccount,
  seedTravelWorld,
  type TravelWorld,
} from './fixtures.ts';

/** A travel world with a second member (Finn Fox, role member) who can sign in, both over the API. */
export interface TwoMemberWorld extends TravelWorld {
  ownerApi: ApiUser;
  member: { email: string; password: string; id: string; name: string };
  memberApi: ApiUser;
}

/**
 * Registers a person, makes them the world owner's crew and adds them to the trip (with `role`
 * when given), all over the API.
 */
export async function addTripMember(
  request: APIRequestContext,
  world: TravelWorld,
  person: AccountInput & { role?: 'member' | 'viewer' },
): Promise<{ ownerApi: ApiUser; memberApi: ApiUser; account: { email: string; password: string } }> {
  const { role, ...input } = person;
  const ownerApi = await apiUser(request, world.owner.email, world.owner.password);
  const account = await registerAccount(request, input);
  const memberApi = await apiUser(request, account.email, account.password);
  await makeCrew(ownerApi, memberApi);
  const added = await ownerApi.call('POST', `/core/trips/${world.tripId}/members`, {
    userId: memberApi.id,
    ...(role ? { role } : {}),
  });
  expect(added.status()).toBe(200);
  return { ownerApi, memberApi, account };
}

export async function seedTwoMembers(request: APIRequestContext, label: string): Promise<TwoMemberWorld> {
  const world = await seedTravelWorld(request, label);
  const { ownerApi, memberApi, account } = await addTripMember(request, world, {
    label: `${label}-member`,
    name: 'Finn',
    lastName: 'Fox',
    role: 'member',
  });
  return { ...world, ownerApi, memberApi, member: { ...account, id: memberApi.id, name: 'Finn Fox' } };
}

/** A second browser context (its own cookies and storage) signed in through the login form. */
export async function signedInContext(
  browser: Browser,
  email: string,
  password: string,
  path = '/',
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await logIn(page, email, password, path);
  return { context, page };
}

/** The address of a trip's tab. */
export const tripTabPath = (tripId: string, tab: string): string => `/trips/${tripId}?tab=${tab}`;

/** Opens a trip on a tab (unless the page is there already) and waits until the tab is shown. */
export async function openTripTab(
  page: Page,
  tripId: string,
  tab: 'planner' | 'checklist' | 'budget',
  visit = true,
): Promise<void> {
  if (visit) await page.goto(tripTabPath(tripId, tab));
  await expect(page.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
}

/**
 * seedTwoMembers, then the owner signed in on `page` and the member in a second browser context,
 * both on the trip's `tab`.
 */
export async function bothOnTripTab(
  { page, browser, request }: { page: Page; browser: Browser; request: APIRequestContext },
  label: string,
  tab: 'planner' | 'checklist',
): Promise<{ world: TwoMemberWorld; member: { context: BrowserContext; page: Page } }> {
  const world = await seedTwoMembers(request, label);
  const path = tripTabPath(world.tripId, tab);
  await logIn(page, world.owner.email, world.owner.password, path);
  const member = await signedInContext(browser, world.member.email, world.member.password, path);
  await openTripTab(page, world.tripId, tab, false);
  await openTripTab(member.page, world.tripId, tab, false);
  return { world, member };
}

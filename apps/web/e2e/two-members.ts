import type { Browser, BrowserContext, Page } from '@playwright/test';
import {
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

export async function seedTwoMembers(
  request: Parameters<typeof seedTravelWorld>[0],
  label: string,
): Promise<TwoMemberWorld> {
  const world = await seedTravelWorld(request, label);
  const ownerApi = await apiUser(request, world.owner.email, world.owner.password);
  const account = await registerAccount(request, { label: `${label}-member`, name: 'Finn', lastName: 'Fox' });
  const memberApi = await apiUser(request, account.email, account.password);
  await makeCrew(ownerApi, memberApi);
  const added = await ownerApi.call('POST', `/core/trips/${world.tripId}/members`, {
    userId: memberApi.id,
    role: 'member',
  });
  expect(added.status()).toBeLessThan(300);
  return { ...world, ownerApi, memberApi, member: { ...account, id: memberApi.id, name: 'Finn Fox' } };
}

/** A second browser context (its own cookies and storage) signed in through the login form. */
export async function signedInContext(
  browser: Browser,
  email: string,
  password: string,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await logIn(page, email, password);
  return { context, page };
}

/** Opens a trip on a tab and waits until the tab is shown. */
export async function openTripTab(page: Page, tripId: string, tab: 'planner' | 'checklist'): Promise<void> {
  await page.goto(`/trips/${tripId}?tab=${tab}`);
  await expect(page.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
}

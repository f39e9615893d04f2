import { hashPassword } from '../../platform/passwords.ts';
import { userAccounts } from '../../modules/users/users.service.ts';
import type { Db } from '../client.ts';

/** Confirmed demo accounts for a newcomer (SEED_DEMO); the README lists these credentials. */
export const DEMO_USERS = [
  { email: 'ana@tripcrew.test', password: 'Tripcrew-demo-1', name: 'Ana', lastName: 'García' },
  { email: 'ben@tripcrew.test', password: 'Tripcrew-demo-2', name: 'Ben', lastName: 'Okafor' },
  { email: 'chloe@tripcrew.test', password: 'Tripcrew-demo-3', name: 'Chloé', lastName: 'Martin' },
  { email: 'dan@tripcrew.test', password: 'Tripcrew-demo-4', name: 'Dan', lastName: 'Kowalski' },
] as const;

/** Creates the demo users that are missing; never touches an existing account. */
export async function seedDemoUsers(db: Db): Promise<{ created: number }> {
  let created = 0;
  for (const demo of DEMO_USERS) {
    if (await userAccounts.findByEmail(db, demo.email)) continue;
    const inserted = await userAccounts.insert(db, {
      email: demo.email,
      name: demo.name,
      lastName: demo.lastName,
      passwordHash: await hashPassword(demo.password),
      emailVerifiedAt: new Date(),
    });
    if (inserted) created += 1;
  }
  return { created };
}

import { createUser, type TestUser } from '../../../test/helpers/factories.ts';
import type { TestApp } from '../../../test/helpers/test-app.ts';
import { addCrewPair } from './crew.repository.ts';

/** Two new users in each other's crew: "Ana Silva" and "Bo Berg" unless other first names are given. */
export async function crewPair(
  t: TestApp,
  names: [string, string] = ['Ana', 'Bo'],
): Promise<[TestUser, TestUser]> {
  const a = await createUser(t, { name: names[0], lastName: 'Silva' });
  const b = await createUser(t, { name: names[1], lastName: 'Berg' });
  await addCrewPair(t.database.db, a.id, b.id);
  return [a, b];
}

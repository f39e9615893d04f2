import type { Expense } from '@tripcrew/contracts/expenses';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { apiCaller, expectJson } from '../../../../test/helpers/api-calls.ts';
import { createUser, type TestUser } from '../../../../test/helpers/factories.ts';
import { multipartBody } from '../../../../test/helpers/multipart.ts';
import { useTestApp } from '../../../../test/helpers/test-app.ts';
import { equalSplit, expenseBody } from '../../expenses/expenses.fixtures.ts';
import { createTrip, crewOf, useCatalogue } from '../../trips/trips.fixtures.ts';
import { storedKeys } from './account-deletion.fixtures.ts';

describe('deleting an account with receipts', () => {
  const t = useTestApp();
  const c = useCatalogue(t);
  const call = apiCaller(t);

  it('removes the receipts of the account, keeps the shared expenses under "Deleted user", and the confirmation says so', async () => {
    const bo = await createUser(t, { name: 'Bo' });
    const [ana] = (await crewOf(t, bo, 1)) as [TestUser];
    const tripId = await createTrip(t, bo, { placeId: c.lisbon._id, members: [ana.id] });
    const url = `/core/trips/${tripId}/expenses`;
    const expense = await expectJson<Expense>(
      call(
        ana,
        'POST',
        url,
        expenseBody(ana.id, { title: 'Dinner', amount: '40', split: equalSplit(ana.id, bo.id) }),
      ),
      201,
    );
    const receiptUrl = `${url}/${expense._id}/receipt`;
    const photo = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#3c3' } })
      .jpeg()
      .toBuffer();
    const uploaded = await t.request({
      method: 'PUT',
      url: `/api${receiptUrl}`,
      token: ana.accessToken,
      ...multipartBody([{ field: 'file', filename: 'receipt', contentType: 'image/jpeg', data: photo }]),
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const before = storedKeys(t);
    expect((await call(bo, 'GET', receiptUrl)).statusCode).toBe(200);

    const deleted = await call(ana, 'POST', '/account/delete', { password: ana.password });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json().message).toMatch(/receipts/i);
    expect(deleted.json().message).toContain('"Deleted user"');

    expect((await call(bo, 'GET', receiptUrl)).statusCode).toBe(404);
    expect(storedKeys(t).length).toBeLessThan(before.length);
    const listed = await expectJson<Expense[]>(call(bo, 'GET', url));
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({ hasReceipt: false });
    expect(JSON.stringify(listed[0])).toContain('Deleted user');
  });
});

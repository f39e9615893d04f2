import type { Expense } from '@tripcrew/contracts/expenses';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { HTML_IN_PDF, onePagePdf } from '../../../../test/helpers/documents.ts';
import { apiCaller, expectError, expectJson } from '../../../../test/helpers/api-calls.ts';
import { createUser, type TestUser } from '../../../../test/helpers/factories.ts';
import { multipartBody } from '../../../../test/helpers/multipart.ts';
import { useTestApp } from '../../../../test/helpers/test-app.ts';
import { createTrip, crewOf, useCatalogue } from '../../trips/trips.fixtures.ts';
import { expenseBody } from '../expenses.fixtures.ts';

describe('receipts', () => {
  const t = useTestApp();
  const c = useCatalogue(t);
  const call = apiCaller(t);

  const upload = (user: TestUser, url: string, data: Buffer | string, contentType = 'image/jpeg') =>
    t.request({
      method: 'PUT',
      url: `/api${url}`,
      token: user.accessToken,
      ...multipartBody([{ field: 'file', filename: 'receipt', contentType, data }]),
    });

  it('[MONEY-11] a receipt is re-encoded without its metadata and shown only to the people in the expense and admins', async () => {
    const ana = await createUser(t, { name: 'Ana', lastName: 'Silva' });
    const [bo, cy] = (await crewOf(t, ana, 2)) as [TestUser, TestUser];
    const tripId = await createTrip(t, ana, { placeId: c.lisbon._id, members: [bo.id, cy.id] });
    const url = `/core/trips/${tripId}/expenses`;
    const expense = await expectJson<Expense>(
      call(bo, 'POST', url, expenseBody(bo.id, { title: 'Taxi', amount: '18' })),
      201,
    );
    const receiptUrl = `${url}/${expense._id}/receipt`;
    const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#c33' } })
      .jpeg()
      .withExif({ IFD0: { Artist: 'Secret Camera Owner' } })
      .toBuffer();
    expect(photo.toString('latin1')).toContain('Secret Camera Owner');

    const first = await upload(bo, receiptUrl, photo);
    expect(first.statusCode, first.body).toBe(200);
    const listed = await expectJson<Expense[]>(call(bo, 'GET', url));
    expect(listed[0]).toMatchObject({ hasReceipt: true, receiptUrl: `/api${receiptUrl}` });
    const mine = await call(bo, 'GET', receiptUrl);
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['content-type']).toBe('image/webp');
    expect(mine.headers['content-security-policy']).toContain('sandbox');
    expect(mine.rawPayload.toString('latin1')).not.toContain('Secret Camera Owner');
    expect((await sharp(mine.rawPayload).metadata()).exif).toBeUndefined();
    // Cy travels but is not in this expense: no receipt, and none offered in the list.
    expectError(await call(cy, 'GET', receiptUrl), 403, /people in this expense/);
    expect((await expectJson<Expense[]>(call(cy, 'GET', url)))[0]?.receiptUrl).toBeNull();
    expect((await call(ana, 'GET', receiptUrl)).statusCode).toBe(200);
    // Cy may not attach one either (not the author, not an admin).
    expectError(await upload(cy, receiptUrl, photo), 403, /Only who added/);

    // A PDF replaces it; things that are neither are refused.
    expect((await upload(bo, receiptUrl, await onePagePdf(), 'application/pdf')).statusCode).toBe(200);
    const pdf = await call(ana, 'GET', receiptUrl);
    expect([pdf.headers['content-type'], pdf.rawPayload.subarray(0, 5).toString()]).toEqual([
      'application/pdf',
      '%PDF-',
    ]);
    expectError(
      await upload(bo, receiptUrl, '<html><script>alert(1)</script></html>', 'application/pdf'),
      400,
      /receipt as a JPEG/,
    );
    expectError(
      await upload(bo, receiptUrl, Buffer.from('%PDF-1.4 but never ends'.padEnd(200, ' '))),
      400,
      /receipt as a JPEG/,
    );
    // Shaped like a PDF at both ends, HTML inside: the parser does not open it.
    const html = await upload(bo, receiptUrl, HTML_IN_PDF, 'application/pdf');
    expectError(html, 400, /does not open/);
    expect(html.json()).toMatchObject({ code: 'RECEIPT_NOT_OPENING', field: 'file' });
    expectError(await upload(bo, receiptUrl, Buffer.alloc(6 * 1024 * 1024, 1)), 400, /larger than 5 MB/);
    expect((await call(ana, 'GET', receiptUrl)).headers['content-type']).toBe('application/pdf');

    await expectJson(call(bo, 'DELETE', receiptUrl));
    expectError(await call(bo, 'GET', receiptUrl), 404, /no receipt/);
    const stranger = await createUser(t);
    expectError(await call(stranger, 'GET', receiptUrl), 404, /Trip not found/);
  });
});

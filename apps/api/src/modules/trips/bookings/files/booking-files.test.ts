import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { BookingFile, TripBooking } from '@tripcrew/contracts/trip-bookings';
import type { SharedTrip, TripShare } from '@tripcrew/contracts/trip-links';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { HTML_IN_PDF, onePagePdf } from '../../../../../test/helpers/documents.ts';
import { apiCaller, expectError, expectJson } from '../../../../../test/helpers/api-calls.ts';
import { createUser, type TestUser } from '../../../../../test/helpers/factories.ts';
import { multipartBody } from '../../../../../test/helpers/multipart.ts';
import { useTestApp } from '../../../../../test/helpers/test-app.ts';
import { anaCrewTrip, setRole, useCatalogue } from '../../trips.fixtures.ts';

const FLIGHT = {
  kind: 'flight',
  carrier: 'TP',
  number: '1350',
  start: { local: '2031-01-10T10:00', place: { iata: 'LIS' } },
  end: { local: '2031-01-10T12:50', place: { iata: 'JFK' } },
};

describe("a booking's files", () => {
  const t = useTestApp();
  const c = useCatalogue(t);
  const call = apiCaller(t);

  const attach = (user: TestUser, url: string, data: Buffer | string, filename = 'boarding-pass.pdf') =>
    t.request({
      method: 'POST',
      url: `/api${url}/files`,
      token: user.accessToken,
      ...multipartBody([{ field: 'file', filename, contentType: 'application/octet-stream', data }]),
    });
  const stored = () => {
    const dir = join(t.config.dataDir, 'uploads', 'bookings');
    return existsSync(dir) ? readdirSync(dir) : [];
  };

  it('[BOOKINGS-FILES-01] a PDF is kept, a photo re-encoded without its metadata; every member reads them, the share page never', async () => {
    const { ana, crew, tripId, url } = await anaCrewTrip(t, c, 3);
    const [bo, cy, di] = crew;
    await setRole(t, ana, tripId, cy.id, 'viewer');
    await setRole(t, ana, tripId, di.id, 'guest');
    const booking = await expectJson<TripBooking>(call(bo, 'POST', `${url}/bookings`, FLIGHT));
    const bookingUrl = `${url}/bookings/${booking._id}`;

    const pdf = await attach(bo, bookingUrl, await onePagePdf(), 'C:\\fakepath\\TP 1350 pass.PDF');
    expect(pdf.statusCode, pdf.body).toBe(200);
    const pass = pdf.json() as BookingFile;
    expect(pass).toMatchObject({ name: 'TP 1350 pass.pdf', type: 'application/pdf', createdBy: bo.id });
    expect(pass.url).toBe(`/api${bookingUrl}/files/${pass._id}`);
    const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#36c' } })
      .jpeg()
      .withExif({ IFD0: { Artist: 'Secret Camera Owner' } })
      .toBuffer();
    // Any member who adds bookings attaches to any booking of the trip (Ana's ticket photo).
    const image = (await expectJson<BookingFile>(
      attach(ana, bookingUrl, photo, 'ticket.jpg'),
    )) as BookingFile;
    expect(image).toMatchObject({ name: 'ticket.webp', type: 'image/webp' });

    // The booking lists them, oldest first, for every role; the bytes go to members only.
    const [listed] = await expectJson<TripBooking[]>(call(cy, 'GET', `${url}/bookings`));
    expect(listed?.files.map((f) => f.name)).toEqual(['TP 1350 pass.pdf', 'ticket.webp']);
    for (const member of [ana, bo, cy, di]) {
      const got = await call(member, 'GET', pass.url.replace(/^\/api/, ''));
      expect(got.statusCode).toBe(200);
      expect(got.headers['content-type']).toBe('application/pdf');
      expect(got.headers['content-security-policy']).toContain('sandbox');
      expect(got.headers['content-disposition']).toBe('attachment; filename="TP_1350_pass.pdf"');
    }
    const webp = await call(bo, 'GET', image.url.replace(/^\/api/, ''));
    expect(webp.headers['content-type']).toBe('image/webp');
    expect(webp.rawPayload.toString('latin1')).not.toContain('Secret Camera Owner');
    const stranger = await createUser(t);
    expectError(await call(stranger, 'GET', pass.url.replace(/^\/api/, '')), 404, /Trip not found/);
    // Another trip's id with this file's: nothing (files are looked up within the trip and booking).
    const other = await anaCrewTrip(t, c, 1);
    expectError(
      await call(other.ana, 'GET', `${other.url}/bookings/${booking._id}/files/${pass._id}`),
      404,
      /not among the files/,
    );

    // Viewers and guests read only; the public share page shows no file.
    expectError(await attach(cy, bookingUrl, await onePagePdf()), 403, /./);
    expectError(await attach(di, bookingUrl, await onePagePdf()), 403, /./);
    const share = await expectJson<TripShare>(call(ana, 'POST', `${url}/share`, {}));
    const token = (share.url ?? '').split('/share/')[1] ?? '';
    const page = await t.request({ method: 'GET', url: `/api/core/share/${token}` });
    expect((page.json() as SharedTrip).bookings).toHaveLength(1);
    expect(page.body).not.toContain(pass._id);
    expect(page.body).not.toContain('files');
  });

  it('[BOOKINGS-FILES-02] wrong type, a PDF that does not open, too big or too many: a 400 naming it, nothing stored', async () => {
    const { crew, url } = await anaCrewTrip(t, c, 1);
    const [bo] = crew;
    const booking = await expectJson<TripBooking>(call(bo, 'POST', `${url}/bookings`, FLIGHT));
    const bookingUrl = `${url}/bookings/${booking._id}`;
    const before = stored().length;
    expectError(await attach(bo, bookingUrl, '<html><script>alert(1)</script></html>'), 400, /Attach a PDF/);
    const html = await attach(bo, bookingUrl, HTML_IN_PDF);
    expectError(html, 400, /does not open/);
    expect(html.json()).toMatchObject({ code: 'FILE_NOT_OPENING', field: 'file' });
    expectError(await attach(bo, bookingUrl, Buffer.alloc(11 * 1024 * 1024, 1)), 400, /larger than 10 MB/);
    expectError(
      await attach(bo, `${url}/bookings/${crypto.randomUUID()}`, await onePagePdf()),
      404,
      /not among the bookings/,
    );
    expect(stored().length).toBe(before);

    const pdf = await onePagePdf();
    for (let i = 0; i < 10; i += 1)
      expect((await attach(bo, bookingUrl, pdf, `p${i}.pdf`)).statusCode).toBe(200);
    expectError(await attach(bo, bookingUrl, pdf), 400, /at most 10 files/);
    expect(stored().length).toBe(before + 10);
  });

  it('[BOOKINGS-FILES-03] who attached it, who added the booking or an admin removes a file; the bytes go with the file, the booking and the trip', async () => {
    const { ana, crew, url } = await anaCrewTrip(t, c, 2);
    const [bo, cy] = crew;
    const booking = await expectJson<TripBooking>(call(bo, 'POST', `${url}/bookings`, FLIGHT));
    const bookingUrl = `${url}/bookings/${booking._id}`;
    const pdf = await onePagePdf();
    const added = async (user: TestUser) => expectJson<BookingFile>(attach(user, bookingUrl, pdf));
    const before = stored().length;
    const [byAna, byCy, byBo] = [await added(ana), await added(cy), await added(bo)];
    expect(stored().length).toBe(before + 3);

    // Cy neither attached Ana's file nor added the booking.
    expectError(await call(cy, 'DELETE', `${bookingUrl}/files/${byAna._id}`), 403, /Only an admin/);
    await expectJson(call(cy, 'DELETE', `${bookingUrl}/files/${byCy._id}`));
    await expectJson(call(bo, 'DELETE', `${bookingUrl}/files/${byAna._id}`));
    expectError(await call(bo, 'GET', byAna.url.replace(/^\/api/, '')), 404, /not among the files/);
    expect(stored().length).toBe(before + 1);
    const history = await expectJson<{ entries: { fields: string[]; label: string }[] }>(
      call(ana, 'GET', `${url}/history`),
    );
    expect(history.entries.filter((e) => e.fields.includes('files'))).toHaveLength(5);

    // Removing the booking removes its last file; deleting the trip, the files of its bookings.
    await expectJson(call(bo, 'DELETE', bookingUrl));
    expectError(await call(bo, 'GET', byBo.url.replace(/^\/api/, '')), 404, /not among the files/);
    expect(stored().length).toBe(before);
    const again = await expectJson<TripBooking>(call(bo, 'POST', `${url}/bookings`, FLIGHT));
    await expectJson(attach(bo, `${url}/bookings/${again._id}`, pdf));
    expect(stored().length).toBe(before + 1);
    await expectJson(call(ana, 'DELETE', url));
    expect(stored().length).toBe(before);
  });
});

describe("a booking's files when their author's account goes", () => {
  const t = useTestApp();
  const c = useCatalogue(t);
  const call = apiCaller(t);

  it('[BOOKINGS-FILES-04] deleting an account removes the files it attached; the booking and the others’ files stay', async () => {
    const { ana, crew, url } = await anaCrewTrip(t, c, 1);
    const [bo] = crew;
    const booking = await expectJson<TripBooking>(call(ana, 'POST', `${url}/bookings`, FLIGHT));
    const files = `/api${url}/bookings/${booking._id}/files`;
    const attach = (user: TestUser) =>
      t.request({
        method: 'POST',
        url: files,
        token: user.accessToken,
        ...multipartBody([
          { field: 'file', filename: 'pass.pdf', contentType: 'application/pdf', data: pdfBytes },
        ]),
      });
    const pdfBytes = await onePagePdf();
    const bos = (await attach(bo)).json() as BookingFile;
    const anas = (await attach(ana)).json() as BookingFile;
    const deleted = await call(bo, 'POST', '/account/delete', { password: bo.password });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json().message).toMatch(/files you attached to bookings/);
    const [listed] = await expectJson<TripBooking[]>(call(ana, 'GET', `${url}/bookings`));
    expect(listed?.files.map((f) => f._id)).toEqual([anas._id]);
    expect((await call(ana, 'GET', bos.url.replace(/^\/api/, ''))).statusCode).toBe(404);
    expect((await call(ana, 'GET', anas.url.replace(/^\/api/, ''))).statusCode).toBe(200);
  });
});

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCaller, expectJson } from '../../../../test/helpers/api-calls.ts';
import { createUser } from '../../../../test/helpers/factories.ts';
import { useTestApp } from '../../../../test/helpers/test-app.ts';
import { createTrip, day, useCatalogue } from '../../trips/trips.fixtures.ts';
import { expenseBody } from '../expenses.fixtures.ts';
import { BUNDLED_RATES, createRateRefresher, crossRate, parseEcbFeed } from './exchange-rates.service.ts';

/** A small stand-in for the European Central Bank's daily feed, on loopback. */
const FEED = `<?xml version="1.0" encoding="UTF-8"?>
<gesmes:Envelope xmlns:gesmes="http://www.gesmes.org/xml/2002-08-01" xmlns="http://www.ecb.int/vocabulary/2002-08-01/eurofxref">
  <gesmes:subject>Reference rates</gesmes:subject>
  <Cube>
    <Cube time='2026-11-26'>
      <Cube currency='USD' rate='1.0512'/>
      <Cube currency='JPY' rate='161.23'/>
      <Cube currency='GBP' rate='0.8321'/>
      <Cube currency='bad' rate='x'/>
    </Cube>
  </Cube>
</gesmes:Envelope>`;

describe('exchange rates', () => {
  const t = useTestApp();
  const c = useCatalogue(t);
  const call = apiCaller(t);
  let server: Server;
  let base = '';
  let answer: { status: number; body: string } = { status: 200, body: FEED };
  let requests = 0;

  beforeAll(async () => {
    server = createServer((_request, response) => {
      requests += 1;
      response.writeHead(answer.status, { 'content-type': 'text/xml' }).end(answer.body);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const log = { warn: () => undefined, info: () => undefined };

  it('[MONEY-09] reads the ECB format and computes cross rates exactly', () => {
    const feed = parseEcbFeed(FEED);
    expect(feed?.asOf).toBe('2026-11-26');
    expect(feed?.rates.map((r) => r.currency)).toEqual(['USD', 'JPY', 'GBP']);
    expect(parseEcbFeed('<html>maintenance</html>')).toBeNull();
    // EUR per yen: 1 / 161.23, twelve decimals, rounded half up.
    expect(crossRate('1', '161.23')).toBe('0.006202319668');
    // GBP per USD: 0.8321 / 1.0512.
    expect(crossRate('0.8321', '1.0512')).toBe('0.791571537291');
  });

  it('[MONEY-09] with FX_RATES_URL the table is refreshed from the feed, and a trip without its own rate uses it', async () => {
    const refresher = createRateRefresher({ db: t.database.db, url: `${base}/eurofxref-daily.xml`, log });
    answer = { status: 200, body: FEED };
    expect(await refresher.refresh()).toBe(3);

    const ana = await createUser(t);
    const tripId = await createTrip(t, ana, { placeId: c.lisbon._id });
    const rate = await expectJson<{ rate: string; source: string; asOf: string }>(
      call(ana, 'GET', `/core/trips/${tripId}/rates?currency=jpy`),
    );
    expect(rate).toMatchObject({ rate: '0.006202319668', source: 'table' });
    const none = await expectJson<{ rate: null }>(
      call(ana, 'GET', `/core/trips/${tripId}/rates?currency=MNT`),
    );
    expect(none.rate).toBeNull();

    // A failing or empty feed changes nothing and never throws out of the daily run.
    const before = requests;
    answer = { status: 503, body: 'busy' };
    await expect(refresher.refresh()).rejects.toThrow(/503/);
    answer = { status: 200, body: '<Cube time="2026-11-27"></Cube>' };
    await expect(refresher.refresh()).rejects.toThrow(/no rates/);
    expect(requests).toBe(before + 2);
    const still = await expectJson<{ rate: string }>(
      call(ana, 'GET', `/core/trips/${tripId}/rates?currency=JPY`),
    );
    expect(still.rate).toBe('0.006202319668');
  });

  it('[MONEY-28] without a feed, the bundled reference rates of a named day are proposed, then the trip’s own last rate', async () => {
    // CHF and THB are not in the feed above: the table has none, whatever ran before.
    expect(BUNDLED_RATES.asOf).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(Object.keys(BUNDLED_RATES.perEur)).toHaveLength(30);
    const ana = await createUser(t);
    const tripId = await createTrip(t, ana, { placeId: c.lisbon._id });
    const url = `/core/trips/${tripId}`;
    type Rate = { rate: string | null; source: string | null; asOf: string | null };
    const chf = await expectJson<Rate>(call(ana, 'GET', `${url}/rates?currency=CHF`));
    expect(chf).toEqual({
      currency: 'CHF',
      baseCurrency: 'EUR',
      rate: crossRate('1', BUNDLED_RATES.perEur.CHF ?? ''),
      source: 'bundled',
      asOf: BUNDLED_RATES.asOf,
    });
    // A cross rate between two bundled currencies (THB in CHF).
    const thb = await expectJson<Rate>(call(ana, 'GET', `${url}/rates?currency=THB`));
    expect(thb.source).toBe('bundled');
    // An expense in CHF without a rate is converted at the proposed one; then it is the trip's.
    const lunch = await expectJson<{ rate: string; baseAmountMinor: number }>(
      call(
        ana,
        'POST',
        `${url}/expenses`,
        expenseBody(ana.id, { title: 'Lunch', amount: '10', currency: 'CHF' }),
      ),
      201,
    );
    expect(lunch.rate).toBe(chf.rate);
    const again = await expectJson<Rate>(call(ana, 'GET', `${url}/rates?currency=CHF`));
    expect(again).toMatchObject({ rate: chf.rate, source: 'trip', asOf: day(0) });
    // A currency the ECB does not publish still has no rate: the member writes it.
    expect((await expectJson<Rate>(call(ana, 'GET', `${url}/rates?currency=MNT`))).source).toBeNull();
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUser, uniqueEmail } from '../../../../test/helpers/factories.ts';
import { startSmtpServer, type TestSmtpServer } from '../../../../test/helpers/smtp.ts';
import { createTestApp, type TestApp } from '../../../../test/helpers/test-app.ts';
import { askRecovery, confirm, register, registration } from '../auth.fixtures.ts';

describe('mail over real SMTP', () => {
  let smtp: TestSmtpServer;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp({ SMTP_URL: smtp.url, MAIL_FROM: 'Tripcrew <no-reply@tripcrew.test>' });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('[AUTH-02] with SMTP_URL the registration mail is delivered over SMTP and its code confirms the account', async () => {
    const email = uniqueEmail('smtp');
    const res = await register(t, registration({ name: 'Sam', lastName: 'Tp', email }));
    expect(res.statusCode).toBe(201);
    const mail = await smtp.waitForMail(email, 'Confirm');
    expect(mail.from).toBe('no-reply@tripcrew.test');
    expect(mail.subject).toBe('Confirm your Tripcrew account');
    const code = /confirmation code: (\d{8})/.exec(mail.text)?.[1];
    expect(code).toMatch(/^\d{8}$/);
    expect(mail.text).toContain('/auth/activate?token=');
    expect(mail.raw).toMatch(/content-type:\s*text\/html/i);
    const confirmed = await confirm(t, { email, code });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({ email, name: 'Sam' });
  });

  it('[AUTH-13] the recovery code arrives over SMTP in the form 1234-5678', async () => {
    const email = uniqueEmail('smtp-rec');
    await register(t, registration({ name: 'Rec', lastName: 'Overy', email }));
    await askRecovery(t, email);
    const mail = await smtp.waitForMail(email, 'reset');
    expect(mail.text).toMatch(/reset code: \d{4}-\d{4}/);
  });

  it('[AUTH-20] with SMTP_URL nothing is kept in the outbox', async () => {
    const res = await t.request({ method: 'GET', url: '/api/dev/outbox' });
    expect(res.json()).toEqual({ delivery: 'smtp', mails: [] });
  });
});

describe('an SMTP server that is down', () => {
  let t: TestApp;
  beforeAll(async () => {
    const smtp = await startSmtpServer();
    await smtp.close();
    t = await createTestApp({ SMTP_URL: smtp.url });
  });
  afterAll(() => t.close());

  it('registration answers 503 MAIL_UNAVAILABLE with a message, never 500', async () => {
    const res = await register(
      t,
      registration({ name: 'Down', lastName: 'Time', email: uniqueEmail('down') }),
    );
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ code: 'MAIL_UNAVAILABLE' });
    expect(res.json().message).toMatch(/try again/);
  });

  it('[AUTH-13] recovery still answers 200, so the answer never reveals an account', async () => {
    const existing = await insertUser(t);
    const forExisting = await askRecovery(t, existing.email);
    const forUnknown = await askRecovery(t, uniqueEmail('down'));
    expect(forExisting.statusCode).toBe(200);
    expect(forUnknown.statusCode).toBe(200);
  });
});

import { randomUUID } from 'node:crypto';
import type { OutboxMail, Session } from '@tripcrew/contracts/auth';
import { userAccounts } from '../../src/modules/users/users.service.ts';
import { hashPassword } from '../../src/platform/passwords.ts';
import type { TestApp } from './test-app.ts';

/**
 * Factories for every module's tests (DESIGN §4 rule 5: each test makes its own users).
 *
 *   const ana = await createUser(t);                       // confirmed and signed in
 *   await t.request({ method: 'GET', url: '/api/users/users/me', token: ana.accessToken });
 */

export const DEFAULT_PASSWORD = 'Tripcrew-test-Pa55word';

/** A unique, valid, lower-case address (tests share the PostgreSQL database and never clean up). */
export function uniqueEmail(label = 'user'): string {
  return `${label}-${randomUUID().slice(0, 12)}@example.test`;
}

const hashes = new Map<string, Promise<string>>();
/** argon2 is deliberately slow: hash each distinct test password once per process. */
function cachedHash(password: string): Promise<string> {
  let hash = hashes.get(password);
  if (!hash) {
    hash = hashPassword(password);
    hashes.set(password, hash);
  }
  return hash;
}

export interface UserInput {
  email?: string;
  password?: string;
  name?: string;
  lastName?: string;
  /** false: the email is not confirmed yet (login answers 403 UNCONFIRMED). Default true. */
  confirmed?: boolean;
}

export interface InsertedUser {
  id: string;
  email: string;
  password: string;
  name: string;
  lastName: string;
}

export interface TestUser extends InsertedUser {
  accessToken: string;
  refreshToken: string;
}

/** Inserts an account straight into the database (no mail, no session). */
export async function insertUser(t: TestApp, input: UserInput = {}): Promise<InsertedUser> {
  const email = (input.email ?? uniqueEmail()).trim().toLowerCase();
  const password = input.password ?? DEFAULT_PASSWORD;
  const name = input.name ?? 'Test';
  const lastName = input.lastName ?? 'Traveller';
  const row = await userAccounts.insert(t.database.db, {
    email,
    name,
    lastName,
    passwordHash: await cachedHash(password),
    emailVerifiedAt: input.confirmed === false ? null : new Date(),
  });
  if (!row) throw new Error(`insertUser: ${email} already exists`);
  return { id: row.id, email, password, name, lastName };
}

/** POST /api/auth/login; throws unless it answers 200. */
export async function signIn(
  t: TestApp,
  email: string,
  password: string = DEFAULT_PASSWORD,
): Promise<Session> {
  const res = await t.request({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  if (res.statusCode !== 200) throw new Error(`signIn(${email}) answered ${res.statusCode}: ${res.body}`);
  return res.json() as Session;
}

/** A confirmed user with a fresh session: the usual starting point of a test. */
export async function createUser(t: TestApp, input: Omit<UserInput, 'confirmed'> = {}): Promise<TestUser> {
  const user = await insertUser(t, input);
  const session = await signIn(t, user.email, user.password);
  return { ...user, accessToken: session.accessToken, refreshToken: session.refreshToken };
}

/** Mails of the dev outbox (GET /api/dev/outbox), newest first, optionally only those to `to`. */
export async function outbox(t: TestApp, to?: string): Promise<OutboxMail[]> {
  const query = to ? `?to=${encodeURIComponent(to)}` : '';
  const res = await t.request({ method: 'GET', url: `/api/dev/outbox${query}` });
  if (res.statusCode !== 200) throw new Error(`GET /api/dev/outbox answered ${res.statusCode}: ${res.body}`);
  return (res.json() as { mails: OutboxMail[] }).mails;
}

/** The newest outbox mail to `to` whose subject contains `subject`; throws when there is none. */
export async function latestMail(t: TestApp, to: string, subject?: string): Promise<OutboxMail> {
  const mail = (await outbox(t, to)).find((m) => !subject || m.subject.includes(subject));
  if (!mail) throw new Error(`no mail to ${to}${subject ? ` about "${subject}"` : ''} in the outbox`);
  return mail;
}

/** The 8-digit confirmation code of a registration mail. */
export function confirmationCodeOf(text: string): string {
  const match = /confirmation code: (\d{8})/.exec(text);
  if (!match?.[1]) throw new Error('no confirmation code in the mail');
  return match[1];
}

/** The 1234-5678 code of a recovery mail. */
export function recoveryCodeOf(text: string): string {
  const match = /reset code: (\d{4}-\d{4})/.exec(text);
  if (!match?.[1]) throw new Error('no reset code in the mail');
  return match[1];
}

/** The token of the activation link (/auth/activate?token=…) of a registration mail. */
export function activationTokenOf(text: string): string {
  const match = /\/auth\/activate\?token=([A-Za-z0-9_%-]+)/.exec(text);
  if (!match?.[1]) throw new Error('no activation link in the mail');
  return decodeURIComponent(match[1]);
}

/** Registers through the API and returns the code and activation token from the mail. */
export async function registerUser(
  t: TestApp,
  input: { email?: string; password?: string; name?: string; lastName?: string } = {},
): Promise<{ email: string; password: string; code: string; activationToken: string }> {
  const email = input.email ?? uniqueEmail('reg');
  const password = input.password ?? DEFAULT_PASSWORD;
  const res = await t.request({
    method: 'POST',
    url: '/api/auth/register',
    payload: { name: input.name ?? 'Reg', lastName: input.lastName ?? 'Istered', email, password },
  });
  if (res.statusCode !== 201) throw new Error(`register answered ${res.statusCode}: ${res.body}`);
  const normalised = email.trim().toLowerCase();
  const mail = await latestMail(t, normalised, 'Confirm');
  return {
    email: normalised,
    password,
    code: confirmationCodeOf(mail.text),
    activationToken: activationTokenOf(mail.text),
  };
}

import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { AppError } from '../../platform/errors.ts';

/**
 * The most commonly used passwords (public breach-corpus top lists), lower-cased and checked
 * case-insensitively, so "Password1" and "PASSWORD1" are refused too (AUTH-18). Entries shorter
 * than the minimum length can never be chosen anyway; they stay so the list reads as published.
 * The list is data, not code: data/common-passwords.json, read once on first use (the auth module
 * asks for it at boot, so a broken file stops the boot rather than a registration).
 */
const COMMON_PASSWORDS_FILE = new URL('./data/common-passwords.json', import.meta.url);

const commonPasswordsSchema = z.array(
  z
    .string()
    .min(1)
    .refine((entry) => entry === entry.trim().toLowerCase(), 'entries are trimmed and lower-cased'),
);

let commonPasswords: ReadonlySet<string> | undefined;

export function loadCommonPasswords(): ReadonlySet<string> {
  if (!commonPasswords) {
    const parsed = commonPasswordsSchema.safeParse(JSON.parse(readFileSync(COMMON_PASSWORDS_FILE, 'utf8')));
    if (!parsed.success) {
      throw new Error(
        `${COMMON_PASSWORDS_FILE.pathname} is not a list of lower-case passwords: ${parsed.error.message}`,
      );
    }
    commonPasswords = new Set(parsed.data);
  }
  return commonPasswords;
}

/**
 * Strength rules beyond the length checked by the contract (8 to 128 characters): no password
 * from the common-passwords list, none that is the email address, none of one repeated character.
 * Throws a 400 WEAK_PASSWORD that says why.
 */
export function assertStrongPassword(password: string, field: string, email?: string): void {
  const folded = password.trim().toLowerCase();
  const refuse = (why: string) => new AppError('WEAK_PASSWORD', why, 400, { field });
  if (loadCommonPasswords().has(folded)) {
    throw refuse(
      'This password is one of the most commonly used passwords, so it is among the first an attacker tries. Choose a less predictable one, e.g. three or four unrelated words.',
    );
  }
  if (/^(.)\1*$/u.test(folded)) {
    throw refuse(
      'A password made of one repeated character is easy to guess. Choose a less predictable one.',
    );
  }
  if (email && (folded === email || folded === email.split('@')[0])) {
    throw refuse('Your password must not be your email address. Choose a less predictable one.');
  }
}

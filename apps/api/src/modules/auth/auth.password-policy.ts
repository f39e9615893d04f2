import { AppError } from '../../platform/errors.ts';
import { COMMON_PASSWORDS } from './common-passwords.ts';

/**
 * Strength rules beyond the length checked by the contract (8 to 128 characters): no password
 * from the common-passwords list, none that is the email address, none of one repeated character.
 * Throws a 400 WEAK_PASSWORD that says why.
 */
export function assertStrongPassword(password: string, field: string, email?: string): void {
  const folded = password.trim().toLowerCase();
  const refuse = (why: string) => new AppError('WEAK_PASSWORD', why, 400, { field });
  if (COMMON_PASSWORDS.has(folded)) {
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

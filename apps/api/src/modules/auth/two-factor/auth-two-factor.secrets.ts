import { createCipheriv, createDecipheriv, hkdfSync, randomBytes, randomInt } from 'node:crypto';
import { RECOVERY_CODE_COUNT } from '@tripcrew/contracts/auth-two-factor';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import { keyedHash } from '../../../platform/tokens.ts';

/**
 * The secrets of two-factor sign-in: TOTP per RFC 6238 as authenticator apps expect it (SHA-1,
 * 6 digits, 30 seconds), the secret sealed at rest with AES-256-GCM, recovery codes and their
 * keyed hashes, and the QR code of the otpauth:// URI, drawn here (nothing is fetched).
 * Both keys are derived from the server secret with HKDF, one per purpose.
 */

const ISSUER = 'Tripcrew';
const PERIOD_SECONDS = 30;
/** Codes of the step before and after the current one are accepted too (clock drift). */
const WINDOW = 1;
/** Letters and digits that cannot be mistaken for each other (no 0/o, 1/l/i). */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

function totpOf(secretBase32: string, label = 'account'): TOTP {
  return new TOTP({
    issuer: ISSUER,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_SECONDS,
    secret: Secret.fromBase32(secretBase32),
  });
}

/** A new random secret (160 bits, as RFC 4226 recommends), base32. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

export function otpauthUri(secretBase32: string, email: string): string {
  return totpOf(secretBase32, email).toString();
}

/** The time step (counter) a code belongs to, within ±WINDOW steps of `nowMs`; null when none. */
export function stepOfCode(secretBase32: string, code: string, nowMs: number): number | null {
  const delta = totpOf(secretBase32).validate({ token: code, timestamp: nowMs, window: WINDOW });
  if (delta === null) return null;
  return Math.floor(nowMs / 1000 / PERIOD_SECONDS) + delta;
}

/** The SVG QR code of `text` as a data URL (an <img> shows it; the CSP allows data: images). */
export async function qrCodeDataUrl(text: string): Promise<string> {
  const svg = await QRCode.toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

/** `count` recovery codes like "k7m2p-9xq4r" (about 49 bits each). */
export function newRecoveryCodes(count = RECOVERY_CODE_COUNT): string[] {
  return Array.from({ length: count }, () => {
    let code = '';
    for (let i = 0; i < 10; i += 1) code += RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)];
    return `${code.slice(0, 5)}-${code.slice(5)}`;
  });
}

/** A recovery code as compared: lower case, without spaces and dashes. */
export function normalizeRecoveryCode(code: string): string {
  return code.replace(/[\s-]/g, '').toLowerCase();
}

function deriveKey(serverSecret: string, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', serverSecret, 'tripcrew-two-factor', purpose, 32));
}

export interface TwoFactorKeys {
  /** AES-256-GCM with the user id as associated data: a sealed secret opens only for its user. */
  seal(userId: string, secret: string): string;
  open(userId: string, sealed: string): string;
  /** The keyed hash a recovery code is stored as. */
  recoveryHash(userId: string, code: string): string;
}

export function createTwoFactorKeys(serverSecret: string): TwoFactorKeys {
  const sealKey = deriveKey(serverSecret, 'totp-secret');
  const hashKey = deriveKey(serverSecret, 'recovery-code').toString('base64url');
  return {
    seal(userId, secret) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', sealKey, iv);
      cipher.setAAD(Buffer.from(userId));
      const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
      return ['v1', iv, cipher.getAuthTag(), body]
        .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
        .join('.');
    },
    open(userId, sealed) {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== 'v1' || !iv || !tag || body === undefined)
        throw new Error('unknown sealed secret format');
      const decipher = createDecipheriv('aes-256-gcm', sealKey, Buffer.from(iv, 'base64url'));
      decipher.setAAD(Buffer.from(userId));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
        'utf8',
      );
    },
    recoveryHash(userId, code) {
      return keyedHash(hashKey, `${userId}:${normalizeRecoveryCode(code)}`);
    },
  };
}

import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

/**
 * A software passkey for the API tests: a P-256 key that answers registration options with an
 * attestation of format "none" and sign-in options with a signed assertion, built by hand the
 * way an authenticator and a browser would (clientDataJSON, authenticatorData, CBOR).
 */

type Cbor = Parameters<typeof isoCBOR.encode>[0];

const b64url = (bytes: Uint8Array | string) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

/** User present, user verified, attested credential data included. */
const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_AT = 0x40;

export interface SoftPasskeyOptions {
  /** The page origin the "browser" reports (the app's own by default). */
  origin: string;
  /** The RP ID whose hash goes into the authenticator data (the origin's hostname by default). */
  rpId?: string;
}

export class SoftPasskey {
  readonly credentialId = randomBytes(16);
  private readonly privateKey: KeyObject;
  private readonly publicKey: KeyObject;
  private counter = 0;
  /** The user handle the authenticator stored at registration (base64url). */
  userHandle: string | undefined;

  constructor(private readonly options: SoftPasskeyOptions) {
    const pair = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.privateKey = pair.privateKey;
    this.publicKey = pair.publicKey;
  }

  get id(): string {
    return b64url(this.credentialId);
  }

  private get rpId(): string {
    return this.options.rpId ?? new URL(this.options.origin).hostname;
  }

  private coseKey(): Uint8Array {
    const jwk = this.publicKey.export({ format: 'jwk' });
    return isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2], // kty: EC2
        [3, -7], // alg: ES256
        [-1, 1], // crv: P-256
        [-2, Buffer.from(jwk.x!, 'base64url')],
        [-3, Buffer.from(jwk.y!, 'base64url')],
      ]),
    );
  }

  private clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin: this.options.origin, crossOrigin: false }));
  }

  private counterBytes(): Buffer {
    const bytes = Buffer.alloc(4);
    bytes.writeUInt32BE(this.counter);
    return bytes;
  }

  /** The RegistrationResponseJSON for `options` (from POST /auth/passkeys/registration-options). */
  register(options: { challenge: string; user: { id: string } }) {
    this.userHandle = options.user.id;
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.credentialId.length);
    const authData = Buffer.concat([
      sha256(this.rpId),
      Buffer.from([FLAG_UP | FLAG_UV | FLAG_AT]),
      this.counterBytes(),
      Buffer.alloc(16), // AAGUID: none
      idLength,
      this.credentialId,
      this.coseKey(),
    ]);
    const attestationObject = isoCBOR.encode(
      new Map<string, Cbor>([
        ['fmt', 'none'],
        ['attStmt', new Map<string, Cbor>()],
        ['authData', authData],
      ]),
    );
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64url(this.clientData('webauthn.create', options.challenge)),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      },
      authenticatorAttachment: 'platform' as const,
      clientExtensionResults: {},
    };
  }

  /** The AuthenticationResponseJSON for `options` (from POST /auth/passkeys/authentication-options). */
  authenticate(options: { challenge: string }, override: { userHandle?: string } = {}) {
    this.counter += 1;
    const authData = Buffer.concat([
      sha256(this.rpId),
      Buffer.from([FLAG_UP | FLAG_UV]),
      this.counterBytes(),
    ]);
    const clientDataJSON = this.clientData('webauthn.get', options.challenge);
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), this.privateKey);
    const userHandle = override.userHandle ?? this.userHandle;
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        ...(userHandle ? { userHandle } : {}),
      },
      authenticatorAttachment: 'platform' as const,
      clientExtensionResults: {},
    };
  }
}

/** What addPasskey needs of a test app: its request() and its APP_URL. */
interface PasskeyApp {
  config: { appUrl: string };
  request(options: {
    method: 'POST';
    url: string;
    token?: string;
    payload?: object;
  }): Promise<{ statusCode: number; body: string; json(): unknown }>;
}

/** Registers a new software passkey for `user` through the API; answers it and its row id. */
export async function addPasskey(
  t: PasskeyApp,
  user: { accessToken: string },
  name?: string,
): Promise<{ passkey: SoftPasskey; id: string }> {
  const passkey = new SoftPasskey({ origin: new URL(t.config.appUrl).origin });
  const start = await t.request({
    method: 'POST',
    url: '/api/auth/passkeys/registration-options',
    token: user.accessToken,
  });
  if (start.statusCode !== 200)
    throw new Error(`registration-options answered ${start.statusCode}: ${start.body}`);
  const { options } = start.json() as { options: { challenge: string; user: { id: string } } };
  const res = await t.request({
    method: 'POST',
    url: '/api/auth/passkeys',
    token: user.accessToken,
    payload: { response: passkey.register(options), ...(name ? { name } : {}) },
  });
  if (res.statusCode !== 201) throw new Error(`POST /auth/passkeys answered ${res.statusCode}: ${res.body}`);
  return { passkey, id: (res.json() as { id: string }).id };
}

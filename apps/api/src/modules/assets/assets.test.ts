import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall } from '../../../test/helpers/api-calls.ts';
import { createUser, type TestUser } from '../../../test/helpers/factories.ts';
import { multipartBody } from '../../../test/helpers/multipart.ts';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';

function upload(
  t: TestApp,
  user: TestUser | undefined,
  data: Buffer | string,
  options: { filename?: string; contentType?: string; field?: string } = {},
) {
  const body = multipartBody([
    {
      field: options.field ?? 'file',
      filename: options.filename ?? 'avatar.jpg',
      contentType: options.contentType ?? 'image/jpeg',
      data,
    },
  ]);
  return postAvatar(t, user, body);
}

/** POST /assets/upload/avatar with a ready multipart body. */
function postAvatar(t: TestApp, user: TestUser | undefined, body: ReturnType<typeof multipartBody>) {
  return t.request({
    method: 'POST',
    url: '/api/assets/upload/avatar',
    ...body,
    ...(user ? { token: user.accessToken } : {}),
  });
}

const image = (format: 'jpeg' | 'png' | 'webp' | 'gif', width = 600, height = 400) =>
  sharp({ create: { width, height, channels: 3, background: { r: 40, g: 140, b: 90 } } })
    .toFormat(format)
    .toBuffer();

/** A JPEG carrying EXIF with a GPS position (Paris) and a camera model. */
const jpegWithGps = () =>
  sharp({ create: { width: 2000, height: 1500, channels: 3, background: '#3a7' } })
    .withExif({
      IFD0: { Make: 'TestCam', Model: 'Spy 1' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '48/1 51/1 2950/100',
        GPSLongitudeRef: 'E',
        GPSLongitude: '2/1 17/1 4000/100',
      },
    })
    .jpeg()
    .toBuffer();

/** True when a TIFF/EXIF block contains the GPS IFD pointer tag (0x8825). */
function hasGpsPointer(exif: Buffer): boolean {
  return exif.includes(Buffer.from([0x25, 0x88])) || exif.includes(Buffer.from([0x88, 0x25]));
}

const nameOf = (url: string) => url.slice(url.lastIndexOf('/') + 1);

describe('avatars and files', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const get = (url: string) => t.request({ method: 'GET', url });

  it('[PROFILE-02] upload returns the updated image: an original of at most 1024 px and a 128×128 thumbnail', async () => {
    const user = await createUser(t);
    const res = await upload(t, user, await image('jpeg', 2000, 1500));
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { original: string; thumbnail: string };
    expect(body.original).toMatch(/^\/api\/assets\/files\/[a-f0-9]{32}\.webp$/);
    expect(body.thumbnail).toMatch(/^\/api\/assets\/files\/[a-f0-9]{32}-thumb\.webp$/);
    const original = await get(body.original);
    expect(original.statusCode).toBe(200);
    expect(original.headers['content-type']).toBe('image/webp');
    const o = await sharp(original.rawPayload).metadata();
    expect([o.width, o.height]).toEqual([1024, 768]);
    const thumb = await sharp((await get(body.thumbnail)).rawPayload).metadata();
    expect([thumb.width, thumb.height]).toEqual([128, 128]);
    const me = await t.request({ method: 'GET', url: '/api/users/users/me', token: user.accessToken });
    expect(me.json().image).toEqual(body);
  });

  it('[PROFILE-02] a small image is not enlarged, a tall one keeps its aspect', async () => {
    const user = await createUser(t);
    const small = (
      await upload(t, user, await image('png', 300, 200), { filename: 'a.png', contentType: 'image/png' })
    ).json();
    expect((await sharp((await get(small.original)).rawPayload).metadata()).width).toBe(300);
    const tall = (await upload(t, user, await image('jpeg', 900, 3000))).json();
    const meta = await sharp((await get(tall.original)).rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([307, 1024]);
  });

  it.each(['png', 'webp', 'gif'] as const)('[PROFILE-03] accepts a %s image', async (format) => {
    const user = await createUser(t);
    const res = await upload(t, user, await image(format), {
      filename: `a.${format}`,
      contentType: `image/${format}`,
    });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('[PROFILE-03] judges by content, not by name: a JPEG named notes.txt is accepted, a text file named photo.jpg is refused', async () => {
    const user = await createUser(t);
    const disguisedImage = await upload(t, user, await image('jpeg'), {
      filename: 'notes.txt',
      contentType: 'text/plain',
    });
    expect(disguisedImage.statusCode).toBe(200);
    const disguisedText = await upload(t, user, 'just some text, not an image at all', {
      filename: 'photo.jpg',
    });
    expect(disguisedText.statusCode).toBe(400);
    expect(disguisedText.json()).toMatchObject({ code: 'UNSUPPORTED_IMAGE', field: 'file' });
    expect(disguisedText.json().message).toMatch(/JPEG, PNG, WebP or GIF/);
  });

  it.each([
    ['an SVG', '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"></svg>', 'UNSUPPORTED_IMAGE'],
    ['a PDF', '%PDF-1.4\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n', 'UNSUPPORTED_IMAGE'],
    ['an HTML page', '<html><script>alert(1)</script></html>', 'UNSUPPORTED_IMAGE'],
  ])('[PROFILE-03] refuses %s with 400 and a clear message', async (_label, data, code) => {
    const user = await createUser(t);
    const res = await upload(t, user, data, { contentType: 'image/jpeg' });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(code);
  });

  it('[PROFILE-03] refuses a TIFF (a real image, but not an accepted type)', async () => {
    const user = await createUser(t);
    const tiff = await image('jpeg').then((b) => sharp(b).tiff().toBuffer());
    const res = await upload(t, user, tiff, { filename: 'a.tiff', contentType: 'image/tiff' });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('UNSUPPORTED_IMAGE');
  });

  it('[PROFILE-03] refuses a damaged image (right magic bytes, broken data) with 400', async () => {
    const user = await createUser(t);
    const jpeg = await image('jpeg');
    const res = await upload(t, user, Buffer.concat([jpeg.subarray(0, 40), randomBytes(200)]));
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('UNREADABLE_IMAGE');
  });

  it('[PROFILE-03] refuses anything larger than 5 MB with 400', async () => {
    const user = await createUser(t);
    const big = Buffer.concat([await image('jpeg'), randomBytes(5 * 1024 * 1024)]);
    const res = await upload(t, user, big);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'FILE_TOO_LARGE', field: 'file' });
    expect(res.json().message).toMatch(/larger than 5 MB/);
  });

  it('[PROFILE-04] a JPEG with GPS EXIF is stored without any EXIF (original and thumbnail)', async () => {
    const user = await createUser(t);
    const input = await jpegWithGps();
    const inputMeta = await sharp(input).metadata();
    expect(inputMeta.exif && hasGpsPointer(inputMeta.exif)).toBe(true);
    const res = await upload(t, user, input);
    expect(res.statusCode).toBe(200);
    const body = res.json() as { original: string; thumbnail: string };
    for (const url of [body.original, body.thumbnail]) {
      const stored = readFileSync(join(t.config.dataDir, 'uploads', nameOf(url)));
      const meta = await sharp(stored).metadata();
      expect(meta.exif, url).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.iptc).toBeUndefined();
      expect(meta.icc).toBeUndefined();
      expect(stored.includes(Buffer.from('TestCam'))).toBe(false);
      expect(stored.includes(Buffer.from('Exif'))).toBe(false);
      // what is served is what is stored
      expect((await get(url)).rawPayload.equals(stored)).toBe(true);
    }
  });

  it('[PROFILE-05] files are served with long-lived immutable cache headers', async () => {
    const user = await createUser(t);
    const { original } = (await upload(t, user, await image('jpeg', 1600, 1200))).json();
    const res = await get(original);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('[PROFILE-05] honours a resize/compress parameter (940x650, 540x540, a single side) and caches variants on disk', async () => {
    const user = await createUser(t);
    const { original } = (await upload(t, user, await image('jpeg', 1600, 1200))).json();
    const sizeOf = async (url: string) => {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const meta = await sharp(res.rawPayload).metadata();
      return [meta.width, meta.height];
    };
    expect(await sizeOf(`${original}?compress=940x650`)).toEqual([940, 650]);
    expect(await sizeOf(`${original}?size=540x540`)).toEqual([540, 540]);
    expect(await sizeOf(`${original}?w=540&h=540`)).toEqual([540, 540]);
    expect(await sizeOf(`${original}?w=300`)).toEqual([320, 240]); // rounded up to the 320 step
    expect(await sizeOf(`${original}?h=2048`)).toEqual([1024, 768]); // never enlarged
    const variants = readdirSync(join(t.config.dataDir, 'uploads', 'variants')).filter((f) =>
      f.startsWith(nameOf(original).replace('.webp', '')),
    );
    expect(variants.length).toBeGreaterThanOrEqual(3);
    // the cached variant is served again, byte for byte
    const first = await get(`${original}?compress=940x650`);
    const second = await get(`${original}?compress=940x650`);
    expect(first.rawPayload.equals(second.rawPayload)).toBe(true);
  });

  it('[PROFILE-05] bad resize parameters and file names answer 4xx with a message, never 5xx', async () => {
    const user = await createUser(t);
    const { original } = (await upload(t, user, await image('jpeg'))).json();
    for (const query of [
      'w=5',
      'w=99999',
      'w=abc',
      'w=1.5',
      'size=abc',
      'size=10x10',
      'compress=940x',
      'foo=1',
    ]) {
      const res = await get(`${original}?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message.length, query).toBeGreaterThan(10);
    }
    for (const name of [
      '..%2F..%2Fetc%2Fpasswd',
      '..%2Fjwt-secret',
      'jwt-secret',
      'ABC.webp',
      `${'a'.repeat(32)}.svg`,
    ]) {
      const res = await get(`/api/assets/files/${name}`);
      expect(res.statusCode, name).toBe(400);
    }
    const missing = await get(`/api/assets/files/${'a'.repeat(32)}.webp`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('There is no file with this name.');
  });

  it('[PROFILE-06] a failed upload leaves the previous avatar in place', async () => {
    const user = await createUser(t);
    const before = (await upload(t, user, await image('jpeg'))).json();
    for (const bad of ['not an image', Buffer.alloc(0)]) {
      const res = await upload(t, user, bad);
      expect(res.statusCode).toBe(400);
    }
    const tooBig = await upload(t, user, Buffer.concat([await image('jpeg'), randomBytes(5 * 1024 * 1024)]));
    expect(tooBig.statusCode).toBe(400);
    const me = await t.request({ method: 'GET', url: '/api/users/users/me', token: user.accessToken });
    expect(me.json().image).toEqual(before);
    expect((await get(before.original)).statusCode).toBe(200);
    expect((await get(before.thumbnail)).statusCode).toBe(200);
  });

  it('[PROFILE-08] a new avatar replaces the old one (whose files are removed) and only for the uploader', async () => {
    const user = await createUser(t);
    const bystander = await createUser(t);
    const theirs = (await upload(t, bystander, await image('png'), { contentType: 'image/png' })).json();
    const first = (await upload(t, user, await image('jpeg'))).json();
    const second = (await upload(t, user, await image('webp'), { contentType: 'image/webp' })).json();
    expect(second.original).not.toBe(first.original);
    const me = await t.request({ method: 'GET', url: '/api/users/users/me', token: user.accessToken });
    expect(me.json().image).toEqual(second);
    expect(existsSync(join(t.config.dataDir, 'uploads', nameOf(first.original)))).toBe(false);
    expect((await get(first.thumbnail)).statusCode).toBe(404);
    const profile = await t.request({ method: 'GET', url: `/api/users/users/${bystander.id}` });
    expect(profile.json().image).toEqual(theirs);
  });

  describe('bad uploads never answer 5xx', () => {
    it('without a token → 401', async () => {
      const res = await upload(t, undefined, await image('jpeg'));
      expect(res.statusCode).toBe(401);
    });

    it('as JSON instead of multipart → 400 NOT_MULTIPART', async () => {
      const user = await createUser(t);
      const res = await apiCall(t, user, 'POST', '/assets/upload/avatar', {
        file: 'data:image/png;base64,AAAA',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('NOT_MULTIPART');
    });

    it('without a body → 400', async () => {
      const user = await createUser(t);
      const res = await apiCall(t, user, 'POST', '/assets/upload/avatar');
      expect(res.statusCode).toBe(400);
    });

    it('in another field → 400 saying to use "file"', async () => {
      const user = await createUser(t);
      const res = await upload(t, user, await image('jpeg'), { field: 'avatar' });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/field "file"/);
    });

    it('with only a text field → 400 FILE_MISSING', async () => {
      const user = await createUser(t);
      const body = multipartBody([{ field: 'note', data: 'hello' }]);
      const res = await postAvatar(t, user, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('FILE_MISSING');
    });

    it('with two files → 400 TOO_MANY_PARTS', async () => {
      const user = await createUser(t);
      const jpeg = await image('jpeg');
      const body = multipartBody([
        { field: 'file', filename: 'a.jpg', contentType: 'image/jpeg', data: jpeg },
        { field: 'file', filename: 'b.jpg', contentType: 'image/jpeg', data: jpeg },
      ]);
      const res = await postAvatar(t, user, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('TOO_MANY_PARTS');
    });

    it('with a truncated multipart body → 400', async () => {
      const user = await createUser(t);
      const body = multipartBody([
        { field: 'file', filename: 'a.jpg', contentType: 'image/jpeg', data: await image('jpeg') },
      ]);
      const truncated = { ...body, payload: body.payload.subarray(0, body.payload.length - 30) };
      const res = await postAvatar(t, user, truncated);
      expect(res.statusCode).toBe(400);
    });
  });
});

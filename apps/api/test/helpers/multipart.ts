import { randomBytes } from 'node:crypto';
import sharp from 'sharp';

/** A multipart/form-data body of these parts, with its content-type header (for inject()). */
export function multipartBody(
  parts: Array<{ field: string; filename?: string; contentType?: string; data: Buffer | string }>,
) {
  const boundary = `----tripcrew${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = part.filename
      ? `form-data; name="${part.field}"; filename="${part.filename}"`
      : `form-data; name="${part.field}"`;
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: ${disposition}\r\n` +
          (part.contentType ? `Content-Type: ${part.contentType}\r\n` : '') +
          '\r\n',
      ),
      Buffer.isBuffer(part.data) ? part.data : Buffer.from(part.data),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** A PNG of `width` × `height` pixels in one colour. */
export const solidPng = (width: number, height: number, background: string): Promise<Buffer> =>
  sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();

/** The request that uploads `png` as the avatar of the user holding `token`. */
export const avatarUpload = (png: Buffer, token: string) => ({
  method: 'POST' as const,
  url: '/api/assets/upload/avatar',
  token,
  ...multipartBody([{ field: 'file', filename: 'a.png', contentType: 'image/png', data: png }]),
});

import sharp, { type Metadata, type Sharp } from 'sharp';

/**
 * Untrusted images in, clean images out. The format is judged by the bytes (magic numbers, then
 * sharp's own decoder), never by the file name or the declared content type; every accepted image
 * is decoded and re-encoded, which drops all metadata (EXIF including GPS, XMP, IPTC, ICC).
 */

export type ImageFormat = 'jpeg' | 'png' | 'webp' | 'gif';

/** A decompression-bomb guard: no accepted image may have more pixels than this. */
export const MAX_INPUT_PIXELS = 50_000_000;

export class ImageRejectedError extends Error {
  override name = 'ImageRejectedError';
  constructor(
    public readonly code: 'UNSUPPORTED_IMAGE' | 'IMAGE_TOO_MANY_PIXELS' | 'UNREADABLE_IMAGE',
    message: string,
  ) {
    super(message);
  }
}

function sniff(data: Buffer): ImageFormat | undefined {
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'jpeg';
  if (
    data.length >= 8 &&
    data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  )
    return 'png';
  if (data.length >= 6 && /^GIF8[79]a$/.test(data.subarray(0, 6).toString('latin1'))) return 'gif';
  if (
    data.length >= 12 &&
    data.subarray(0, 4).toString('latin1') === 'RIFF' &&
    data.subarray(8, 12).toString('latin1') === 'WEBP'
  )
    return 'webp';
  return undefined;
}

const ACCEPTED = 'Upload a JPEG, PNG, WebP or GIF image.';

/** Checks that `data` really is a JPEG, PNG, WebP or GIF of sane dimensions. */
export async function inspectImage(
  data: Buffer,
): Promise<{ format: ImageFormat; width: number; height: number }> {
  const sniffed = sniff(data);
  if (!sniffed)
    throw new ImageRejectedError('UNSUPPORTED_IMAGE', `This file is not a supported image. ${ACCEPTED}`);
  let meta: Metadata;
  try {
    meta = await sharp(data, { limitInputPixels: false }).metadata();
  } catch {
    throw new ImageRejectedError('UNREADABLE_IMAGE', `This image is damaged and cannot be read. ${ACCEPTED}`);
  }
  if (meta.format !== sniffed || !meta.width || !meta.height) {
    throw new ImageRejectedError('UNREADABLE_IMAGE', `This image is damaged and cannot be read. ${ACCEPTED}`);
  }
  if (meta.width * meta.height > MAX_INPUT_PIXELS) {
    throw new ImageRejectedError(
      'IMAGE_TOO_MANY_PIXELS',
      `This image has too many pixels (${meta.width}×${meta.height}); use one of at most 50 megapixels.`,
    );
  }
  return { format: sniffed, width: meta.width, height: meta.height };
}

function load(data: Buffer): Sharp {
  // pages: 1 → the first frame of an animated GIF or WebP; rotate() applies the EXIF orientation
  // before the metadata is dropped, so photos stay upright.
  return sharp(data, { limitInputPixels: MAX_INPUT_PIXELS, pages: 1, failOn: 'error' }).rotate();
}

async function encode(pipeline: Sharp): Promise<Buffer> {
  try {
    return await pipeline.webp({ quality: 82, effort: 4 }).toBuffer();
  } catch {
    throw new ImageRejectedError('UNREADABLE_IMAGE', `This image is damaged and cannot be read. ${ACCEPTED}`);
  }
}

/** An avatar: the original with its longest side at most `maxSide`, and a square thumbnail. */
export async function makeAvatar(
  data: Buffer,
  sizes: { maxSide: number; thumbnail: number },
): Promise<{ original: Buffer; thumbnail: Buffer }> {
  await inspectImage(data);
  const original = await encode(
    load(data).resize({
      width: sizes.maxSide,
      height: sizes.maxSide,
      fit: 'inside',
      withoutEnlargement: true,
    }),
  );
  const thumbnail = await encode(
    load(data).resize({
      width: sizes.thumbnail,
      height: sizes.thumbnail,
      fit: 'cover',
      position: 'attention',
    }),
  );
  return { original, thumbnail };
}

/**
 * A resized copy of a stored image: with both sides it is cropped to exactly that box (cards),
 * with one side it keeps the aspect ratio. Never enlarged beyond the stored image.
 */
export async function resizeImage(data: Buffer, box: { width?: number; height?: number }): Promise<Buffer> {
  const both = box.width !== undefined && box.height !== undefined;
  return encode(
    load(data).resize({
      ...(box.width !== undefined ? { width: box.width } : {}),
      ...(box.height !== undefined ? { height: box.height } : {}),
      fit: both ? 'cover' : 'inside',
      withoutEnlargement: true,
    }),
  );
}

import { PDFDocument } from 'pdf-lib';
import { AppError } from './errors.ts';
import { ImageRejectedError, inspectImage, resizeImage } from './images.ts';

/**
 * A document a person attaches (a receipt, a boarding pass, a ticket): an image or a PDF, judged
 * by its bytes, never by its name. Images are decoded and re-encoded as WebP (metadata such as
 * GPS dropped, the longest side at most `maxSide`); a PDF must start and end like one and open
 * in a PDF parser with at least one page, and is kept as sent (served only as a download).
 */
export interface CleanDocument {
  bytes: Buffer;
  type: 'application/pdf' | 'image/webp';
  extension: 'pdf' | 'webp';
}

/** True when `data` has a PDF's header and, in its last kilobyte, its end-of-file marker. */
export function looksLikePdf(data: Buffer): boolean {
  if (data.length < 64 || data.subarray(0, 5).toString('latin1') !== '%PDF-') return false;
  return data
    .subarray(Math.max(0, data.length - 1024))
    .toString('latin1')
    .includes('%%EOF');
}

/** True when a PDF parser opens `data` and finds at least one page in it. */
export async function opensAsPdf(data: Buffer): Promise<boolean> {
  try {
    const document = await PDFDocument.load(data, { updateMetadata: false, throwOnInvalidObject: true });
    return document.getPageCount() > 0;
  } catch {
    return false;
  }
}

/**
 * The document to store, or a 400 on the field `file` that starts with `accepted` ("Upload a
 * receipt as …") and says what is wrong; `notOpening` is the code of a PDF that does not open.
 */
export async function cleanDocument(
  data: Buffer,
  options: { accepted: string; maxSide: number; notOpening: string },
): Promise<CleanDocument> {
  const { accepted, maxSide, notOpening } = options;
  if (looksLikePdf(data)) {
    if (await opensAsPdf(data)) return { bytes: data, type: 'application/pdf', extension: 'pdf' };
    throw new AppError(
      notOpening,
      `${accepted}. This PDF does not open: save it again from the app that made it.`,
      400,
      { field: 'file' },
    );
  }
  try {
    const { width, height } = await inspectImage(data);
    // Receipts and tickets are often long strips: the longest side is the one limited.
    const box = width >= height ? { width: maxSide } : { height: maxSide };
    return { bytes: await resizeImage(data, box), type: 'image/webp', extension: 'webp' };
  } catch (error) {
    if (error instanceof ImageRejectedError)
      throw new AppError(error.code, `${accepted}. ${error.message}`, 400, { field: 'file' });
    throw error;
  }
}

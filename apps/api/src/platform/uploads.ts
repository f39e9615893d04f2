import type { FastifyRequest } from 'fastify';
import { AppError } from './errors.ts';

const ACCEPTED = 'Upload a JPEG, PNG, WebP or GIF image';

const uploadError = (code: string, message: string) => new AppError(code, message, 400, { field: 'file' });

/**
 * Reads the one image of a multipart upload from the field `file`, at most `maxBytes`. Every part
 * is iterated, so a second file is refused (files limit) instead of silently ignored. The bytes
 * are judged afterwards by platform/images.ts (content, not name).
 */
export function readImageUpload(request: FastifyRequest, maxBytes: number): Promise<Buffer> {
  return readFileUpload(request, maxBytes, ACCEPTED);
}

/**
 * Reads the one file of a multipart upload from the field `file`, at most `maxBytes`; `accepted`
 * says what may be sent ("Upload a JPEG … or a PDF"). The caller judges the bytes.
 */
export async function readFileUpload(
  request: FastifyRequest,
  maxBytes: number,
  accepted: string,
): Promise<Buffer> {
  return (await readNamedFileUpload(request, maxBytes, accepted)).data;
}

/** As readFileUpload, with the name the file was sent with ('' when none). */
export async function readNamedFileUpload(
  request: FastifyRequest,
  maxBytes: number,
  accepted: string,
): Promise<{ data: Buffer; name: string }> {
  const ACCEPTED = accepted;
  const maxMb = maxBytes / (1024 * 1024);
  if (!request.isMultipart()) {
    throw uploadError(
      'NOT_MULTIPART',
      `Send the file as multipart/form-data in the field "file". ${ACCEPTED} of at most ${maxMb} MB.`,
    );
  }
  try {
    let data: Buffer | undefined;
    let name = '';
    for await (const part of request.parts({
      limits: { fileSize: maxBytes, files: 1, fields: 10, parts: 11 },
    })) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== 'file') {
        part.file.resume();
        throw uploadError(
          'FILE_MISSING',
          `Send the file in the field "file" (not "${part.fieldname.slice(0, 40)}").`,
        );
      }
      data = await part.toBuffer();
      name = part.filename ?? '';
    }
    if (!data) throw uploadError('FILE_MISSING', `No file was sent. ${ACCEPTED} in the field "file".`);
    if (data.length === 0) throw uploadError('FILE_EMPTY', `The file is empty. ${ACCEPTED}.`);
    return { data, name };
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      throw uploadError('FILE_TOO_LARGE', `The file is larger than ${maxMb} MB. Upload a smaller one.`);
    }
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
      throw uploadError('TOO_MANY_PARTS', 'Send one file only, in the field "file".');
    }
    throw uploadError(
      'BAD_MULTIPART',
      `The upload is incomplete or malformed. ${ACCEPTED} in the field "file".`,
    );
  }
}

import { AVATAR_MAX_BYTES } from '@tripcrew/contracts/assets';
import type { FastifyRequest } from 'fastify';
import { readImageUpload } from '../../../platform/uploads.ts';

/** Covers follow the avatar rules: one image in the field `file`, at most AVATAR_MAX_BYTES. */
export const COVER_MAX_BYTES = AVATAR_MAX_BYTES;

export function readCoverUpload(request: FastifyRequest): Promise<Buffer> {
  return readImageUpload(request, COVER_MAX_BYTES);
}

import { t } from '@lingui/core/macro';
import { apiWrite } from '../../../lib/api-write.ts';
import { useMutation } from '@tanstack/react-query';
import {
  AVATAR_ACCEPTED_TYPES,
  AVATAR_MAX_BYTES,
  avatarResponseSchema,
  type AvatarResponse,
} from '@tripcrew/contracts/assets';

export const UPLOAD_AVATAR_PATH = '/assets/upload/avatar';

/** POST /assets/upload/avatar, multipart field "file": the new {original, thumbnail} URLs. */
export function uploadAvatar(file: File): Promise<AvatarResponse> {
  const form = new FormData();
  form.append('file', file);
  return apiWrite('POST', UPLOAD_AVATAR_PATH, form, avatarResponseSchema);
}

export function useUploadAvatarMutation() {
  return useMutation({ mutationKey: ['assets', 'avatar'], mutationFn: uploadAvatar });
}

/**
 * A quick check before uploading, so an obvious mistake gets an answer at once (the server judges
 * the content again): a message to show, or null when the file may be sent.
 */
export function avatarFileProblem(file: File): string | null {
  if (file.type && !(AVATAR_ACCEPTED_TYPES as readonly string[]).includes(file.type)) {
    return t`Choose a JPEG, PNG, WebP or GIF picture.`;
  }
  if (file.size > AVATAR_MAX_BYTES) return t`Choose a picture of at most 5 MB.`;
  if (file.size === 0) return t`This file is empty. Choose another picture.`;
  return null;
}

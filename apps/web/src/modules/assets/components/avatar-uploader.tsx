import { Trans, useLingui } from '@lingui/react/macro';
import { AVATAR_ACCEPTED_TYPES, type AvatarResponse } from '@tripcrew/contracts/assets';
import { Camera } from 'lucide-react';
import { type ChangeEvent, useEffect, useId, useState } from 'react';
import { toast } from 'react-toastify';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { EmojiLoader } from '../../../components/ui/emoji-loader.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { avatarFileProblem, useUploadAvatarMutation } from '../api/upload-avatar.ts';

interface AvatarUploaderProps {
  /** The current picture (original URL), null without one. */
  src: string | null;
  name: string;
  /** Called with the new URLs once the server has stored the picture. */
  onUploaded: (image: AvatarResponse) => void;
}

/**
 * The own avatar with a "Change photo" file picker (POST /assets/upload/avatar). A preview shows
 * while uploading; a failed upload leaves the old picture in place and says why.
 */
export function AvatarUploader({ src, name, onUploaded }: AvatarUploaderProps) {
  const { t } = useLingui();
  const inputId = useId();
  const upload = useUploadAvatarMutation();
  const [preview, setPreview] = useState<string | null>(null);

  useEffect(() => {
    if (!preview) return;
    return () => URL.revokeObjectURL(preview);
  }, [preview]);

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = ''; // picking the same file again fires change again
    if (!file) return;
    const problem = avatarFileProblem(file);
    if (problem) {
      toast.error(problem);
      return;
    }
    if (typeof URL.createObjectURL === 'function') setPreview(URL.createObjectURL(file));
    upload.mutate(file, {
      onSuccess: (image) => {
        onUploaded(image);
        toast.success(t`Your photo has been updated.`, { toastId: 'avatar-updated' });
      },
      onError: (error) => {
        toast.error(
          isApiError(error) && error.status > 0
            ? error.message
            : t`Your photo could not be uploaded. Please try again.`,
        );
      },
      onSettled: () => setPreview(null),
    });
  };

  return (
    <div className="flex flex-col items-center gap-3">
      <div className="relative">
        <Avatar src={preview ?? src} name={name} size="xl" />
        {upload.isPending && (
          <div className="absolute inset-0 grid place-items-center rounded-full bg-slate-950/50">
            <EmojiLoader label={t`Uploading your photo…`} size="sm" />
          </div>
        )}
      </div>
      <input
        id={inputId}
        type="file"
        accept={AVATAR_ACCEPTED_TYPES.join(',')}
        onChange={onChange}
        disabled={upload.isPending}
        className="peer sr-only"
        aria-describedby={`${inputId}-hint`}
      />
      <label
        htmlFor={inputId}
        className="inline-flex cursor-pointer items-center gap-2 rounded-full px-4 py-2 text-sm font-semibold text-slate-700 ring-1 ring-slate-300 transition peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-500 peer-disabled:cursor-wait peer-disabled:opacity-60 hover:bg-slate-100 dark:text-slate-200 dark:ring-slate-700 dark:hover:bg-slate-800"
      >
        <Camera aria-hidden="true" className="size-4" />
        <Trans>Change photo</Trans>
      </label>
      <p id={`${inputId}-hint`} className="text-xs text-slate-500 dark:text-slate-400">
        <Trans>JPEG, PNG, WebP or GIF, up to 5 MB.</Trans>
      </p>
    </div>
  );
}

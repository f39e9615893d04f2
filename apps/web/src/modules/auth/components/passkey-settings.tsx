import { ph } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Passkey } from '@tripcrew/contracts/auth-passkeys';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { SettingsSection } from '../../../components/ui/settings-section.tsx';
import { apiErrorMessage } from '../api/auth-error-message.ts';
import {
  browserSupportsPasskeys,
  useAddPasskeyMutation,
  usePasskeys,
  useRemovePasskeyMutation,
} from '../api/auth-passkeys.ts';
import { alertClass, noticeClass } from './auth-styles.ts';
import { passkeyErrorMessage } from './passkey-errors.ts';
import { PasskeyRow } from './passkey-row.tsx';

/**
 * The "Passkeys" section of /account: the user's passkeys (name, added, last used), add one with
 * the browser's ceremony, rename inline, remove after a confirmation. A browser without WebAuthn
 * still lists and removes them, and says why it cannot add one.
 */
export function PasskeySettings() {
  const { t } = useLingui();
  const passkeys = usePasskeys();
  const add = useAddPasskeyMutation();
  const remove = useRemovePasskeyMutation();
  const [status, setStatus] = useState<string | null>(null);
  const [addError, setAddError] = useState<string | null>(null);
  const [removing, setRemoving] = useState<Passkey | null>(null);
  const supported = browserSupportsPasskeys();

  const onAdd = () => {
    setStatus(null);
    setAddError(null);
    add.mutate(undefined, {
      onSuccess: (passkey) => setStatus(`Passkey “${passkey.name}” added. You can now sign in with it.`),
      onError: (error) => setAddError(passkeyErrorMessage(error, 'add')),
    });
  };

  const confirmRemove = () => {
    if (!removing) return;
    const { name } = removing;
    remove.mutate(removing.id, {
      onSuccess: () => {
        setRemoving(null);
        setStatus(`Passkey “${name}” removed.`);
      },
    });
  };

  const closeDialog = () => {
    setRemoving(null);
    remove.reset();
  };

  return (
    <SettingsSection
      id="passkeys"
      title={t`Passkeys`}
      description={t`Sign in with your fingerprint, face or screen lock instead of your password. Passkeys cannot be phished or guessed.`}
    >
      {passkeys.isPending ? (
        <p role="status" className="text-sm text-slate-600 dark:text-slate-300">
          <Trans>Loading your passkeys…</Trans>
        </p>
      ) : passkeys.isError ? (
        <div role="alert" className={alertClass}>
          <p>{apiErrorMessage(passkeys.error, t`Your passkeys could not be loaded.`)}</p>
          <Button variant="secondary" size="sm" className="mt-2" onClick={() => void passkeys.refetch()}>
            <Trans>Try again</Trans>
          </Button>
        </div>
      ) : passkeys.data.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-300">
          <Trans>You have no passkeys yet.</Trans>
        </p>
      ) : (
        <ul aria-label={t`Your passkeys`} className="flex flex-col gap-2">
          {passkeys.data.map((passkey) => (
            <PasskeyRow key={passkey.id} passkey={passkey} onRemove={setRemoving} />
          ))}
        </ul>
      )}

      {status && (
        <p role="status" className={noticeClass}>
          {status}
        </p>
      )}
      {addError && (
        <p role="alert" className={alertClass}>
          {addError}
        </p>
      )}
      {supported ? (
        <Button size="sm" className="self-start" onClick={onAdd} disabled={add.isPending}>
          <Plus aria-hidden="true" className="size-4" />
          {add.isPending ? t`Waiting for your passkey…` : t`Add a passkey`}
        </Button>
      ) : (
        <p className="text-sm text-slate-600 dark:text-slate-300">
          <Trans>
            This browser cannot create passkeys. Open Tripcrew in an up-to-date browser on your phone or
            computer to add one.
          </Trans>
        </p>
      )}

      <Dialog open={removing !== null} onClose={closeDialog} title={t`Remove this passkey?`} size="sm">
        <div className="flex flex-col gap-4">
          <p className="text-sm text-slate-600 dark:text-slate-300">
            <Trans>
              “{ph({ name: removing?.name ?? '' })}” will no longer sign you in. Remove it from your device or
              password manager too.
            </Trans>
          </p>
          {remove.isError && (
            <p role="alert" className={alertClass}>
              {apiErrorMessage(remove.error, t`The passkey could not be removed.`)}
            </p>
          )}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={closeDialog}>
              <Trans>Cancel</Trans>
            </Button>
            <Button variant="danger" onClick={confirmRemove} disabled={remove.isPending}>
              {remove.isPending ? t`Removing…` : t`Remove passkey`}
            </Button>
          </div>
        </div>
      </Dialog>
    </SettingsSection>
  );
}

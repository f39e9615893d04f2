import { ph } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Passkey } from '@tripcrew/contracts/auth-passkeys';
import { KeyRound, Pencil, Trash2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { formatLongDate } from '../../../lib/format/date-words.ts';
import { apiErrorMessage } from '../api/auth-error-message.ts';
import { useRenamePasskeyMutation } from '../api/auth-passkeys.ts';
import { TextField } from './text-field.tsx';

interface PasskeyRowProps {
  passkey: Passkey;
  onRemove: (passkey: Passkey) => void;
}

/** One passkey of the account: its name, when it was added and last used; rename inline, remove. */
export function PasskeyRow({ passkey, onRemove }: PasskeyRowProps) {
  const { t } = useLingui();
  const rename = useRenamePasskeyMutation();
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(passkey.name);
  const [error, setError] = useState<string | null>(null);

  const startEditing = () => {
    setName(passkey.name);
    setError(null);
    setEditing(true);
  };

  const save = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (trimmed === '') return setError(t`Enter a name for the passkey.`);
    if (trimmed === passkey.name) return setEditing(false);
    rename.mutate(
      { id: passkey.id, name: trimmed },
      {
        onSuccess: () => setEditing(false),
        onError: (failure) => setError(apiErrorMessage(failure, t`The passkey could not be renamed.`)),
      },
    );
  };

  const lastUsed = passkey.lastUsedAt ? formatLongDate(passkey.lastUsedAt) : 'never';

  return (
    <li className="flex flex-col gap-3 rounded-2xl bg-slate-50 p-4 ring-1 ring-slate-200 sm:flex-row sm:items-center dark:bg-slate-950 dark:ring-slate-800">
      <KeyRound
        aria-hidden="true"
        className="hidden size-5 shrink-0 text-brand-700 sm:block dark:text-brand-300"
      />
      {editing ? (
        <form
          onSubmit={save}
          onKeyDown={(event) => {
            if (event.key === 'Escape') setEditing(false);
          }}
          aria-label={t`Rename ${ph({ name: passkey.name })}`}
          className="flex w-full flex-col gap-2 sm:flex-row sm:items-start"
        >
          <div className="grow">
            <TextField
              label={t`Passkey name`}
              value={name}
              maxLength={60}
              autoFocus
              error={error}
              onChange={(event) => setName(event.target.value)}
            />
          </div>
          <div className="flex gap-2 sm:pt-7">
            <Button type="submit" size="sm" disabled={rename.isPending}>
              {rename.isPending ? t`Saving…` : t`Save`}
            </Button>
            <Button variant="secondary" size="sm" onClick={() => setEditing(false)}>
              <Trans>Cancel</Trans>
            </Button>
          </div>
        </form>
      ) : (
        <>
          <div className="flex min-w-0 grow flex-col">
            <span className="truncate font-semibold" data-testid="passkey-name">
              {passkey.name}
            </span>
            <span className="text-sm text-slate-600 dark:text-slate-300">
              <Trans>
                Added {ph({ added: formatLongDate(passkey.createdAt) })} · Last used {lastUsed}
              </Trans>
            </span>
          </div>
          <div className="flex shrink-0 gap-2">
            <Button
              variant="secondary"
              size="sm"
              onClick={startEditing}
              aria-label={t`Rename ${ph({ name: passkey.name })}`}
            >
              <Pencil aria-hidden="true" className="size-4" /> <Trans>Rename</Trans>
            </Button>
            <Button
              variant="secondary"
              size="sm"
              onClick={() => onRemove(passkey)}
              aria-label={t`Remove ${ph({ name: passkey.name })}`}
            >
              <Trash2 aria-hidden="true" className="size-4" /> <Trans>Remove</Trans>
            </Button>
          </div>
        </>
      )}
    </li>
  );
}

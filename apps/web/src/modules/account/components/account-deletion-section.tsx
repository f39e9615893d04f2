import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { SettingsSection } from '../../../components/ui/settings-section.tsx';
import { AccountDeletionDialog } from './account-deletion-dialog.tsx';

interface AccountDeletionSectionProps {
  /** Called once the account is deleted: the app signs out locally and leaves the page. */
  onDeleted: (message: string) => void;
}

const GOES = [
  msg`Your profile, picture and uploaded files`,
  msg`Your receipts`,
  msg`Your crew links, crew requests and wishlist`,
  msg`Your notifications and every signed-in device`,
  msg`Trips you alone run, unless you hand them to another member`,
];
const STAYS = [
  msg`Messages you sent stay with the people you wrote to, shown as from “Deleted user”`,
  msg`Expenses you share with others stay in their trips, shown as “Deleted user”`,
  msg`Trips you shared with others stay theirs, with what you added to them`,
];

/** A list of what happens, a line each. */
function Lines({ lines }: { lines: readonly MessageDescriptor[] }) {
  const { i18n } = useLingui();
  return (
    <ul className="mt-1 list-disc space-y-1 pl-5 text-slate-700 dark:text-slate-300">
      {lines
        .map((line) => i18n._(line))
        .map((line) => (
          <li key={line}>{line}</li>
        ))}
    </ul>
  );
}

/** The danger zone of /account: what deleting the account removes, and the button that starts it. */
export function AccountDeletionSection({ onDeleted }: AccountDeletionSectionProps) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  return (
    <SettingsSection
      id="delete-account"
      title={t`Delete account`}
      description={t`Deleting your account cannot be undone. A confirmation email is sent to you afterwards.`}
    >
      <div className="grid gap-3 rounded-2xl bg-red-50 p-4 text-sm ring-1 ring-red-200 sm:grid-cols-2 dark:bg-red-950/40 dark:ring-red-900">
        <div>
          <h3 className="font-semibold text-red-800 dark:text-red-200">
            <Trans>What goes</Trans>
          </h3>
          <Lines lines={GOES} />
        </div>
        <div>
          <h3 className="font-semibold text-slate-800 dark:text-slate-100">
            <Trans>What stays for others</Trans>
          </h3>
          <Lines lines={STAYS} />
        </div>
      </div>
      <Button variant="danger" size="sm" className="self-start" onClick={() => setOpen(true)}>
        <Trash2 aria-hidden="true" className="size-4" /> <Trans>Delete my account…</Trans>
      </Button>
      <AccountDeletionDialog open={open} onClose={() => setOpen(false)} onDeleted={onDeleted} />
    </SettingsSection>
  );
}

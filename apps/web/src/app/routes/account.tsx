import { Trans, useLingui } from '@lingui/react/macro';
import { KeyRound } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClass } from '../../components/ui/button.tsx';
import { DevicesList } from '../../modules/auth/components/devices-list.tsx';
import { SettingsSection } from '../../components/ui/settings-section.tsx';
import { TwoFactorSettings } from '../../modules/auth/components/two-factor-settings.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { PasskeySettings } from '../../modules/auth/components/passkey-settings.tsx';
import { DataExportSection } from '../../modules/account/components/data-export.tsx';
import { FindByEmailSetting } from '../../modules/users/components/find-by-email-setting.tsx';
import { AccountDeletionPart } from './account-deletion-part.tsx';

/**
 * /account (protected): how the user signs in and what happens to their data (issue 22). One
 * section per capability, each its own component from its module: password, two-factor sign-in,
 * passkeys, devices, privacy (who may find the user by email), data export and account deletion.
 */
export function AccountPage() {
  const { t } = useLingui();
  useDocumentTitle(t`Account and security`);
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 motion-safe:animate-slide-up">
      <div className="flex flex-col gap-1">
        <h1 className="text-2xl font-bold tracking-tight">
          <Trans>Account and security</Trans>
        </h1>
        <p className="text-slate-600 dark:text-slate-300">
          <Trans>How you sign in, where you are signed in, and your data.</Trans>
        </p>
      </div>
      <SettingsSection
        id="password"
        title={t`Password`}
        description={t`Use a password you use nowhere else.`}
      >
        <Link
          to="/change-password"
          className={buttonClass({ size: 'sm', variant: 'secondary' }, 'self-start')}
        >
          <KeyRound aria-hidden="true" className="size-4" /> <Trans>Change password</Trans>
        </Link>
      </SettingsSection>
      <TwoFactorSettings />
      <PasskeySettings />
      <DevicesList />
      <FindByEmailSetting />
      <DataExportSection />
      <AccountDeletionPart />
    </div>
  );
}

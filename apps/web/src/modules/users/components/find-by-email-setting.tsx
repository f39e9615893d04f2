import { Trans, useLingui } from '@lingui/react/macro';
import { toast } from 'react-toastify';
import { SettingsSection } from '../../../components/ui/settings-section.tsx';
import { QueryError } from '../../../components/ui/query-error.tsx';
import { useSetUserPrivacy, useUserPrivacy } from '../api/user-privacy.ts';

/**
 * /account#privacy: whether a crew search by the whole email address finds the user. Off by
 * default, so an address typed by a stranger confirms nothing.
 */
export function FindByEmailSetting() {
  const { t } = useLingui();
  const privacy = useUserPrivacy();
  const update = useSetUserPrivacy();
  return (
    <SettingsSection
      id="privacy"
      title={t`Privacy`}
      description={t`People can always find you by your name.`}
    >
      {privacy.isError ? (
        <QueryError
          query={privacy}
          variant="plain"
          message={<Trans>We could not load this setting.</Trans>}
        />
      ) : (
        <label className="flex cursor-pointer items-start justify-between gap-4">
          <span className="flex flex-col">
            <span className="font-medium">
              <Trans>Let people who know my email address find me</Trans>
            </span>
            <span className="text-sm text-slate-600 dark:text-slate-300">
              <Trans>When this is off, searching your crew by your whole email address shows nobody.</Trans>
            </span>
          </span>
          <input
            type="checkbox"
            role="switch"
            checked={privacy.data?.findableByEmail ?? false}
            disabled={privacy.isPending || update.isPending}
            aria-busy={privacy.isPending}
            onChange={(event) =>
              update.mutate(
                { findableByEmail: event.target.checked },
                {
                  onError: (error) =>
                    toast.error(error instanceof Error ? error.message : t`The setting could not be saved.`, {
                      toastId: 'find-by-email',
                    }),
                },
              )
            }
            className="mt-1 size-5 shrink-0 accent-brand-700"
          />
        </label>
      )}
    </SettingsSection>
  );
}

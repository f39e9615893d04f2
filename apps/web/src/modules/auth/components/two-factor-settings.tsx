import { Trans, useLingui } from '@lingui/react/macro';
import type { TwoFactorSetup } from '@tripcrew/contracts/auth-two-factor';
import { ShieldCheck, ShieldOff } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { EmojiLoader } from '../../../components/ui/emoji-loader.tsx';
import { QueryError } from '../../../components/ui/query-error.tsx';
import { SettingsSection } from '../../../components/ui/settings-section.tsx';
import {
  useRecoveryCodesMutation,
  useTwoFactorConfirmMutation,
  useTwoFactorDisableMutation,
  useTwoFactorSetupMutation,
  useTwoFactorStatus,
} from '../api/auth-two-factor.ts';
import { CurrentPasswordField, FormProblem } from './auth-form-parts.tsx';
import { TwoFactorCodeField } from './two-factor-code-field.tsx';
import { problemOf, TwoFactorPanelForm } from './two-factor-panel-form.tsx';
import { RecoveryCodesPanel } from './two-factor-recovery-codes.tsx';

/** The secret in groups of four, easier to type into an app by hand. */
const grouped = (secret: string) => secret.replace(/(.{4})/g, '$1 ').trim();

/**
 * /account#two-factor: turn two-factor sign-in (an authenticator app) on with a QR code and a
 * first code, see the recovery codes once, make new ones, or turn it off with password and code.
 */
export function TwoFactorSettings() {
  const { t } = useLingui();
  const status = useTwoFactorStatus();
  const [codes, setCodes] = useState<string[] | null>(null);

  return (
    <SettingsSection
      id="two-factor"
      title={t`Two-factor sign-in`}
      description={t`Besides your password, sign-in asks for a code from an authenticator app on your phone.`}
    >
      {codes ? (
        <RecoveryCodesPanel codes={codes} onDone={() => setCodes(null)} />
      ) : status.isPending ? (
        <EmojiLoader label={t`Loading two-factor sign-in…`} size="sm" />
      ) : status.isError ? (
        <QueryError query={status} message={t`We could not load your two-factor settings.`} variant="plain" />
      ) : status.data.enabled ? (
        <TwoFactorOn recoveryCodesLeft={status.data.recoveryCodesLeft} onCodes={setCodes} />
      ) : (
        <TwoFactorOff onCodes={setCodes} />
      )}
    </SettingsSection>
  );
}

function TwoFactorOff({ onCodes }: { onCodes: (codes: string[]) => void }) {
  const { t } = useLingui();
  const setupMutation = useTwoFactorSetupMutation();
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);

  if (!setup) {
    return (
      <div className="flex flex-col gap-3">
        <p className="flex items-center gap-2 text-sm text-slate-700 dark:text-slate-200">
          <ShieldOff aria-hidden="true" className="size-4 text-slate-500 dark:text-slate-400" />
          <Trans>Off</Trans>
        </p>
        <FormProblem problem={setupMutation.isError ? problemOf(setupMutation.error) : null} />
        <Button
          size="sm"
          className="self-start"
          disabled={setupMutation.isPending}
          onClick={() => setupMutation.mutate(undefined, { onSuccess: setSetup })}
        >
          <ShieldCheck aria-hidden="true" className="size-4" />
          {setupMutation.isPending ? t`Preparing…` : t`Turn on`}
        </Button>
      </div>
    );
  }
  return <TwoFactorEnroll setup={setup} onCancel={() => setSetup(null)} onCodes={onCodes} />;
}

function TwoFactorEnroll({
  setup,
  onCancel,
  onCodes,
}: {
  setup: TwoFactorSetup;
  onCancel: () => void;
  onCodes: (codes: string[]) => void;
}) {
  const { t } = useLingui();
  const confirm = useTwoFactorConfirmMutation();
  const [code, setCode] = useState('');
  const [empty, setEmpty] = useState(false);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (confirm.isPending) return;
    setEmpty(code.trim() === '');
    if (code.trim() === '') return;
    confirm.mutate({ code: code.trim() }, { onSuccess: (answer) => onCodes(answer.recoveryCodes) });
  };

  return (
    <TwoFactorPanelForm
      label={t`Turn on two-factor sign-in`}
      className="flex flex-col gap-4"
      onSubmit={submit}
      intro={
        <>
          <ol className="flex list-decimal flex-col gap-1 pl-5 text-sm text-slate-700 dark:text-slate-200">
            <li>
              <Trans>Open an authenticator app (Google Authenticator, 1Password, Aegis…).</Trans>
            </li>
            <li>
              <Trans>Scan this QR code, or type the key below into the app.</Trans>
            </li>
            <li>
              <Trans>Enter the 6-digit code the app shows.</Trans>
            </li>
          </ol>
          <div className="flex flex-col items-start gap-4 sm:flex-row sm:items-center">
            <img
              src={setup.qrCode}
              alt={t`QR code to add Tripcrew to your authenticator app`}
              width={176}
              height={176}
              className="size-44 shrink-0 rounded-2xl bg-white p-1 ring-1 ring-slate-200 dark:ring-slate-600"
            />
            <div className="flex min-w-0 flex-col gap-1">
              <p className="text-sm font-medium text-slate-700 dark:text-slate-200">
                <Trans>Key for manual entry</Trans>
              </p>
              <code
                data-testid="two-factor-secret"
                className="rounded-xl bg-slate-50 px-3 py-2 font-mono text-sm break-all text-slate-900 ring-1 ring-slate-200 select-all dark:bg-slate-950 dark:text-slate-100 dark:ring-slate-700"
              >
                {grouped(setup.secret)}
              </code>
              <p className="text-xs text-slate-500 dark:text-slate-400">
                <Trans>Time-based, 6 digits, every 30 seconds.</Trans>
              </p>
            </div>
          </div>
        </>
      }
      mutation={confirm}
      submitButton={
        <Button type="submit" size="sm" disabled={confirm.isPending}>
          {confirm.isPending ? t`Checking…` : t`Confirm and turn on`}
        </Button>
      }
      onCancel={onCancel}
    >
      <TwoFactorCodeField
        value={code}
        onChange={setCode}
        allowRecoveryCode={false}
        error={empty ? t`Enter the code from your authenticator app.` : null}
      />
    </TwoFactorPanelForm>
  );
}

type Panel = 'none' | 'regenerate' | 'disable';

function TwoFactorOn({
  recoveryCodesLeft,
  onCodes,
}: {
  recoveryCodesLeft: number;
  onCodes: (codes: string[]) => void;
}) {
  const { t } = useLingui();
  const [panel, setPanel] = useState<Panel>('none');
  return (
    <div className="flex flex-col gap-3">
      <p className="flex items-center gap-2 text-sm font-medium text-emerald-800 dark:text-emerald-300">
        <ShieldCheck aria-hidden="true" className="size-4" />
        <Trans>On</Trans>
      </p>
      <p
        className={
          recoveryCodesLeft <= 3
            ? 'text-sm font-medium text-amber-800 dark:text-amber-200'
            : 'text-sm text-slate-600 dark:text-slate-300'
        }
      >
        {recoveryCodesLeft === 1 ? t`1 recovery code left.` : t`${recoveryCodesLeft} recovery codes left.`}
        {recoveryCodesLeft <= 3 && t` Make new ones soon.`}
      </p>
      {panel === 'none' && (
        <div className="flex flex-wrap gap-2">
          <Button size="sm" variant="secondary" onClick={() => setPanel('regenerate')}>
            <Trans>New recovery codes</Trans>
          </Button>
          <Button size="sm" variant="outline" onClick={() => setPanel('disable')}>
            <Trans>Turn off</Trans>
          </Button>
        </div>
      )}
      {panel === 'regenerate' && <RegenerateForm onCancel={() => setPanel('none')} onCodes={onCodes} />}
      {panel === 'disable' && <DisableForm onCancel={() => setPanel('none')} />}
    </div>
  );
}

function RegenerateForm({ onCancel, onCodes }: { onCancel: () => void; onCodes: (codes: string[]) => void }) {
  const { t } = useLingui();
  const regenerate = useRecoveryCodesMutation();
  const [code, setCode] = useState('');
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (regenerate.isPending || code.trim() === '') return;
    regenerate.mutate({ code: code.trim() }, { onSuccess: (answer) => onCodes(answer.recoveryCodes) });
  };
  return (
    <TwoFactorPanelForm
      label={t`New recovery codes`}
      className="flex flex-col gap-3"
      onSubmit={submit}
      intro={
        <p className="text-sm text-slate-600 dark:text-slate-300">
          <Trans>Your current recovery codes stop working.</Trans>
        </p>
      }
      mutation={regenerate}
      submitButton={
        <Button type="submit" size="sm" disabled={regenerate.isPending || code.trim() === ''}>
          {regenerate.isPending ? t`Making new codes…` : t`Make new codes`}
        </Button>
      }
      onCancel={onCancel}
    >
      <TwoFactorCodeField value={code} onChange={setCode} autoFocus />
    </TwoFactorPanelForm>
  );
}

function DisableForm({ onCancel }: { onCancel: () => void }) {
  const { t } = useLingui();
  const disable = useTwoFactorDisableMutation();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (disable.isPending || password === '' || code.trim() === '') return;
    disable.mutate({ password, code: code.trim() });
  };
  return (
    <TwoFactorPanelForm
      label={t`Turn off two-factor sign-in`}
      className="flex flex-col gap-3"
      onSubmit={submit}
      intro={
        <p className="text-sm text-slate-600 dark:text-slate-300">
          <Trans>Sign-in will ask only for your password. Confirm with your password and a code.</Trans>
        </p>
      }
      mutation={disable}
      submitButton={
        <Button
          type="submit"
          size="sm"
          variant="danger"
          disabled={disable.isPending || password === '' || code.trim() === ''}
        >
          {disable.isPending ? t`Turning off…` : t`Turn off two-factor sign-in`}
        </Button>
      }
      onCancel={onCancel}
    >
      <CurrentPasswordField value={password} onChange={(event) => setPassword(event.target.value)} />
      <TwoFactorCodeField value={code} onChange={setCode} />
    </TwoFactorPanelForm>
  );
}

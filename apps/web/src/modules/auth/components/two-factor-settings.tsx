import { Trans, useLingui } from '@lingui/react/macro';
import type { TwoFactorSetup } from '@tripcrew/contracts/auth-two-factor';
import clsx from 'clsx';
import { ShieldCheck, ShieldOff } from 'lucide-react';
import { useState } from 'react';
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

/** 'On' or 'Off', beside its shield. */
function TwoFactorState({ on }: { on: boolean }) {
  const Shield = on ? ShieldCheck : ShieldOff;
  return (
    <p
      className={clsx(
        'flex items-center gap-2 text-sm',
        on ? 'font-medium text-emerald-800 dark:text-emerald-300' : 'text-slate-700 dark:text-slate-200',
      )}
    >
      <Shield aria-hidden="true" className={clsx('size-4', !on && 'text-slate-500 dark:text-slate-400')} />
      {on ? <Trans>On</Trans> : <Trans>Off</Trans>}
    </p>
  );
}

function TwoFactorOff({ onCodes }: { onCodes: (codes: string[]) => void }) {
  const { t } = useLingui();
  const setupMutation = useTwoFactorSetupMutation();
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);

  if (!setup) {
    return (
      <div className="flex flex-col gap-3">
        <TwoFactorState on={false} />
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

  const send = () => {
    setEmpty(code.trim() === '');
    if (code.trim() === '') return;
    confirm.mutate({ code: code.trim() }, { onSuccess: (answer) => onCodes(answer.recoveryCodes) });
  };

  return (
    <TwoFactorPanelForm
      label={t`Turn on two-factor sign-in`}
      gap="gap-4"
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
      onSend={send}
      submitLabel={t`Confirm and turn on`}
      pendingLabel={t`Checking…`}
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
      <TwoFactorState on />
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
  return (
    <TwoFactorPanelForm
      label={t`New recovery codes`}
      intro={t`Your current recovery codes stop working.`}
      mutation={regenerate}
      ready={code.trim() !== ''}
      onSend={() =>
        regenerate.mutate({ code: code.trim() }, { onSuccess: (answer) => onCodes(answer.recoveryCodes) })
      }
      submitLabel={t`Make new codes`}
      pendingLabel={t`Making new codes…`}
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
  return (
    <TwoFactorPanelForm
      label={t`Turn off two-factor sign-in`}
      intro={t`Sign-in will ask only for your password. Confirm with your password and a code.`}
      mutation={disable}
      ready={password !== '' && code.trim() !== ''}
      onSend={() => disable.mutate({ password, code: code.trim() })}
      submitLabel={t`Turn off two-factor sign-in`}
      pendingLabel={t`Turning off…`}
      danger
      onCancel={onCancel}
    >
      <CurrentPasswordField value={password} onChange={(event) => setPassword(event.target.value)} />
      <TwoFactorCodeField value={code} onChange={setCode} />
    </TwoFactorPanelForm>
  );
}

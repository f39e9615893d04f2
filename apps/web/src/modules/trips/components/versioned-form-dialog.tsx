import { t } from '@lingui/core/macro';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { CancelActions } from '../../../components/ui/cancel-actions.tsx';
import { CheckedForm } from '../../../components/ui/checked-form.tsx';
import { ConflictNotice } from '../../../components/ui/conflict-notice.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { isNetworkError, NETWORK_ERROR_MESSAGE } from '../../../lib/api-client.ts';
import { i18n } from '../../../lib/i18n/i18n.ts';
import { type VersionConflict, versionConflictOf } from '../../../lib/version-conflict.ts';
import { PLACE_ERROR_CLASS } from './places/place-styles.ts';

/** How a form's values are compared and merged, by the parts an edit may change. */
export interface VersionedValues<V, P> {
  /** The parts of `values` that differ from `base`. */
  changed: (values: V, base: V) => P[];
  /** `values` with `parts` taken from `from`. */
  withPartsOf: (values: V, from: V, parts: readonly P[]) => V;
  /** The record as it is now (a 409's `current`), over the form's base. */
  current: (current: Record<string, unknown>, base: V) => V;
  /** The parts of a 409's fields. */
  clashOf: (fields: readonly string[]) => P[];
}

interface VersionedFormOptions<V, P, B> {
  /** The values the form starts from (read once). */
  initial: () => V;
  /** The version the edit starts from; a new record has none to clash with. */
  version: number | null;
  rules: VersionedValues<V, P>;
  /** The change of `values` from `base` (null: nothing changed). */
  updateBody: (values: V, base: V, version: number) => B | null;
  /** Adds or updates the record. */
  send: (body: B) => Promise<unknown>;
  /** Someone else changed the record meanwhile: the list is read again. */
  onConflict: () => void;
  /** Any other refusal of the server (not a network failure), with the values sent. */
  onRefused: (error: unknown, mine: V) => void;
  onClose: () => void;
}

/**
 * The state of a dialog that adds or changes a record with a version (decision 035): its values
 * and the base they were typed over, the save, and a conflict when someone else changed the same
 * parts meanwhile. Nothing typed is lost: after a conflict the values are the person's own over
 * the record as it is now, and they choose between theirs and the other version.
 */
export function useVersionedForm<V, P, B>({
  initial,
  version: startVersion,
  rules,
  updateBody,
  send,
  onConflict,
  onRefused,
  onClose,
}: VersionedFormOptions<V, P, B>) {
  const [base, setBase] = useState<V>(initial);
  const [values, setValues] = useState<V>(base);
  const [version, setVersion] = useState(startVersion ?? 1);
  const [formError, setFormError] = useState<string | null>(null);
  const [conflict, setConflict] = useState<{ found: VersionConflict; clash: P[] } | null>(null);
  const [busy, setBusy] = useState(false);

  const refused = (error: unknown, mine: V) => {
    setBusy(false);
    const found = startVersion === null ? null : versionConflictOf(error);
    if (found) {
      // Nothing was written: what the person typed stays, over the record as it is now.
      const now = rules.current(found.current, base);
      setValues(rules.withPartsOf(now, mine, rules.changed(mine, base)));
      setBase(now);
      setVersion(found.version);
      setConflict({ found, clash: rules.clashOf(found.fields) });
      onConflict();
      return;
    }
    if (isNetworkError(error)) return setFormError(i18n._(NETWORK_ERROR_MESSAGE));
    onRefused(error, mine);
  };

  const save = async (body: B, mine: V) => {
    setBusy(true);
    setFormError(null);
    try {
      await send(body);
      onClose();
    } catch (error) {
      refused(error, mine);
    }
  };

  /** After a conflict: sends `mine` over the record as it is now (or closes when it is the same). */
  const resend = (mine: V) => {
    setConflict(null);
    const body = updateBody(mine, base, version);
    if (body) void save(body, mine);
    else onClose();
  };

  return {
    base,
    values,
    setValues,
    version,
    formError,
    setFormError,
    conflict,
    busy,
    save,
    /** Someone else's version of the clashing parts, the person's own (`mine`) for the rest. */
    keepTheirs: (mine: V) => {
      if (!conflict) return;
      const next = rules.withPartsOf(mine, base, conflict.clash);
      setValues(next);
      resend(next);
    },
    sendMine: (mine: V) => {
      if (conflict) resend(mine);
    },
  };
}

/** The state useVersionedForm keeps. */
export type VersionedForm<V, P, B> = ReturnType<typeof useVersionedForm<V, P, B>>;

interface VersionedFormDialogProps<V, P, B> {
  title: string;
  size: 'md' | 'lg';
  form: VersionedForm<V, P, B>;
  /** The values as they are sent (what the person typed, as read). */
  mine: V;
  /** The clashing parts of one version, as text, for the conflict notice. */
  describe: (values: V, parts: readonly P[]) => string;
  /** Before the other version of the clashing parts is kept. */
  onKeepTheirs?: (clash: readonly P[]) => void;
  /** Raised after each refused save: the first field with a problem takes the focus. */
  problems: number;
  onSubmit: () => void;
  /** The data-testid of the form's problem, above its buttons. */
  formErrorTestId: string;
  submitLabel: string;
  onClose: () => void;
  /** The form's fields. */
  children: ReactNode;
}

/** The dialog of a form with versions: its fields and buttons, or both versions after a conflict. */
export function VersionedFormDialog<V, P, B>({
  title,
  size,
  form: { base, conflict, busy, formError, keepTheirs, sendMine },
  mine,
  describe,
  onKeepTheirs,
  problems,
  onSubmit,
  formErrorTestId,
  submitLabel,
  onClose,
  children,
}: VersionedFormDialogProps<V, P, B>) {
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (problems > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [problems]);
  return (
    <Dialog open onClose={onClose} title={title} size={size}>
      {conflict ? (
        <ConflictNotice
          by={conflict.found.changedBy?.name ?? null}
          theirs={describe(base, conflict.clash)}
          mine={describe(mine, conflict.clash)}
          busy={busy}
          onKeepTheirs={() => {
            onKeepTheirs?.(conflict.clash);
            keepTheirs(mine);
          }}
          onUseMine={() => sendMine(mine)}
        />
      ) : (
        <CheckedForm ref={formRef} onSubmit={onSubmit}>
          {children}
          {formError && (
            <p
              role="alert"
              className={`rounded-2xl bg-red-50 p-3 dark:bg-red-950/60 ${PLACE_ERROR_CLASS}`}
              data-testid={formErrorTestId}
            >
              {formError}
            </p>
          )}
          <CancelActions onCancel={onClose} wrap className="pt-1 [&>button]:min-h-11">
            <Button type="submit" disabled={busy} className="min-h-11">
              {busy ? t`Saving…` : submitLabel}
            </Button>
          </CancelActions>
        </CheckedForm>
      )}
    </Dialog>
  );
}

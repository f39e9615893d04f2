import { msg, ph, plural, t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { DEFAULT_WISHLIST, WISHLIST_MAX_LISTS, wishlistNameSchema } from '@tripcrew/contracts/wishlist';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import {
  useCreateWishlistList,
  useDeleteWishlistList,
  useRenameWishlistList,
} from '../api/wishlist-lists.ts';
import { i18n } from '../../../lib/i18n/i18n.ts';

export const LIST_NAME_LABEL = msg`List name`;
export const TOO_MANY_LISTS_TEXT = msg`You can have at most ${WISHLIST_MAX_LISTS} lists: delete one first.`;
export const duplicateListText = (name: string) => t`You already have a list named "${name}".`;

/** What is wrong with a list name (as the API would say it), or null when it can be used. */
export function listNameProblem(value: string, lists: readonly string[], current?: string): string | null {
  const parsed = wishlistNameSchema.safeParse(value);
  if (!parsed.success) return parsed.error.issues[0]?.message ?? t`This name cannot be used`;
  const name = parsed.data;
  const taken = lists.some(
    (list) => list !== current && list.toLocaleLowerCase() === name.toLocaleLowerCase(),
  );
  return taken ? duplicateListText(name) : null;
}

const errorText = (error: unknown) =>
  error instanceof ApiError ? error.message : t`Something went wrong: please try again.`;

interface ListNameDialogProps {
  open: boolean;
  onClose: () => void;
  lists: readonly string[];
  /** The list being renamed; without it the dialog creates a list. */
  renaming?: string;
  /** Called with the list's (new) name once the API saved it. */
  onSaved: (name: string) => void;
}

/** Creates a named list, or renames one (WISHLIST-03); the name is checked like the API does. */
export function ListNameDialog({ open, onClose, lists, renaming, onSaved }: ListNameDialogProps) {
  return (
    <Dialog open={open} onClose={onClose} size="sm" title={renaming ? t`Rename list` : t`New list`}>
      {open && <ListNameForm lists={lists} renaming={renaming} onSaved={onSaved} onClose={onClose} />}
    </Dialog>
  );
}

function ListNameForm({ lists, renaming, onSaved, onClose }: Omit<ListNameDialogProps, 'open'>) {
  const [value, setValue] = useState(renaming ?? '');
  const [touched, setTouched] = useState(false);
  const create = useCreateWishlistList();
  const rename = useRenameWishlistList();
  const mutation = renaming ? rename : create;
  const full = !renaming && lists.length >= WISHLIST_MAX_LISTS;
  const problem = full ? i18n._(TOO_MANY_LISTS_TEXT) : listNameProblem(value, lists, renaming);
  const shown = touched || full ? problem : null;
  const serverError = mutation.isError ? errorText(mutation.error) : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (problem || mutation.isPending) return;
    const name = value.trim();
    const done = () => onSaved(name);
    if (renaming) rename.mutate({ from: renaming, to: name }, { onSuccess: done });
    else create.mutate(name, { onSuccess: done });
  };

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <label className="flex flex-col gap-1.5 text-sm font-medium">
        {i18n._(LIST_NAME_LABEL)}
        <input
          data-autofocus
          value={value}
          maxLength={80}
          aria-invalid={shown ? true : undefined}
          aria-describedby={shown || serverError ? 'wishlist-list-name-error' : undefined}
          onChange={(event) => {
            setValue(event.target.value);
            setTouched(true);
            mutation.reset();
          }}
          placeholder={t`e.g. Food`}
          className="rounded-2xl border border-slate-300 bg-white px-4 py-2.5 text-base font-normal outline-none focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30 dark:border-slate-700 dark:bg-slate-950"
        />
      </label>
      {(shown ?? serverError) && (
        <p id="wishlist-list-name-error" role="alert" className="text-sm text-red-700 dark:text-red-400">
          {shown ?? serverError}
        </p>
      )}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose}>
          <Trans>Cancel</Trans>
        </Button>
        <Button type="submit" disabled={mutation.isPending || full}>
          {renaming ? t`Rename` : t`Create list`}
        </Button>
      </div>
    </form>
  );
}

interface DeleteListDialogProps {
  listname: string | null;
  /** How many features the list holds, when known. */
  count: number | undefined;
  onClose: () => void;
  onDeleted: () => void;
}

/** Asks before deleting a named list; the API deletes its items with it. */
export function DeleteListDialog({ listname, count, onClose, onDeleted }: DeleteListDialogProps) {
  const remove = useDeleteWishlistList();
  const open = listname !== null && listname !== DEFAULT_WISHLIST;
  return (
    <Dialog open={open} onClose={onClose} size="sm" title={t`Delete “${ph({ list: listname ?? '' })}”?`}>
      <div className="flex flex-col gap-4">
        <p className="text-sm text-slate-600 dark:text-slate-300">
          {count === 0
            ? t`The list is empty.`
            : count === undefined
              ? t`The features saved on it are removed with it; anything you also saved on another list stays there.`
              : plural(count, {
                  one: 'The # feature saved on it is removed with it; anything you also saved on another list stays there.',
                  other:
                    'The # features saved on it are removed with it; anything you also saved on another list stays there.',
                })}{' '}
          <Trans>This cannot be undone.</Trans>
        </p>
        {remove.isError && (
          <p role="alert" className="text-sm text-red-700 dark:text-red-400">
            {errorText(remove.error)}
          </p>
        )}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose} data-autofocus>
            <Trans>Cancel</Trans>
          </Button>
          <Button
            variant="danger"
            disabled={remove.isPending}
            onClick={() => {
              if (listname) remove.mutate(listname, { onSuccess: onDeleted });
            }}
          >
            <Trans>Delete list</Trans>
          </Button>
        </div>
      </div>
    </Dialog>
  );
}

interface MoveDialogProps {
  /** The feature being moved, with its title; null when closed. */
  moving: { featureId: string; title: string } | null;
  from: string;
  lists: readonly string[];
  pending: boolean;
  onMove: (to: string) => void;
  onClose: () => void;
}

/** Picks the list a saved feature moves to. */
export function MoveToListDialog({ moving, from, lists, pending, onMove, onClose }: MoveDialogProps) {
  const targets = lists.filter((list) => list !== from);
  return (
    <Dialog
      open={moving !== null}
      onClose={onClose}
      size="sm"
      title={t`Move “${ph({ title: moving?.title ?? '' })}” to…`}
    >
      {targets.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-300">
          <Trans>You have no other list yet: create one with “New list” first.</Trans>
        </p>
      ) : (
        <ul aria-label={t`Lists`} className="flex flex-col gap-2">
          {targets.map((list) => (
            <li key={list}>
              <Button
                variant="outline"
                disabled={pending}
                className="w-full justify-start"
                onClick={() => onMove(list)}
              >
                {list}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </Dialog>
  );
}

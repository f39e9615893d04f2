import { Trans, useLingui } from '@lingui/react/macro';
import clsx from 'clsx';
import { Smile } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { IconButton } from '../../../components/ui/icon-button.tsx';
import { PopoverPanel, usePopover } from '../../../components/ui/popover.tsx';

/** Options handed to emoji-mart's Picker (SPEC §9, MSG-10). */
export interface EmojiPickerPreset {
  perLine: number;
  maxFrequentRows: number;
  /** Most search results shown (emoji-mart's search returns at most 90). */
  maxSearchResults: number;
  /** Skin tones offered by the skin-tone chooser (emoji-mart: 1 = default … 6). */
  skinTones: readonly number[];
}

const ALL_SKIN_TONES = [1, 2, 3, 4, 5, 6] as const;

/** The messages picker: 7 emojis per line and 1 row of frequently used ones. */
export const MESSAGES_PICKER_PRESET: EmojiPickerPreset = {
  perLine: 7,
  maxFrequentRows: 1,
  maxSearchResults: 90,
  skinTones: ALL_SKIN_TONES,
};

/** The trip/crew picker: 9 per line, 4 frequent rows, 90 search results, skin tones 1 to 6. */
export const TRIP_CREW_PICKER_PRESET: EmojiPickerPreset = {
  perLine: 9,
  maxFrequentRows: 4,
  maxSearchResults: 90,
  skinTones: ALL_SKIN_TONES,
};

/** What emoji-mart hands onEmojiSelect (the fields used here). */
interface EmojiMartSelection {
  native?: string;
}

/**
 * emoji-mart and its data, loaded on demand (first open) from the bundle: `data` is passed
 * explicitly and the locale is 'en' (bundled), so emoji-mart never fetches from a CDN.
 */
export async function loadEmojiMart() {
  const [{ Picker }, dataModule] = await Promise.all([import('emoji-mart'), import('@emoji-mart/data')]);
  const data = (dataModule as unknown as { default?: unknown }).default ?? dataModule;
  return { Picker, data };
}

/** The Picker's props for a preset (exported for the tests and for other pickers). */
export function pickerProps(
  preset: EmojiPickerPreset,
  handlers: { onSelect: (emoji: string) => void },
  data: unknown,
  theme: 'light' | 'dark',
) {
  return {
    data,
    locale: 'en',
    set: 'native',
    theme,
    perLine: preset.perLine,
    maxFrequentRows: preset.maxFrequentRows,
    skin: preset.skinTones[0] ?? 1,
    skinTonePosition: preset.skinTones.length > 1 ? 'search' : 'none',
    previewPosition: 'none',
    autoFocus: true,
    onEmojiSelect: (emoji: EmojiMartSelection) => {
      if (emoji.native) handlers.onSelect(emoji.native);
    },
  };
}

interface EmojiPickerProps {
  onSelect: (emoji: string) => void;
  preset?: EmojiPickerPreset;
  /** Accessible name of the toggle button. */
  label?: string;
  /** Where the picker opens: above or below the button, or in the flow (inside scrolling modals). */
  placement?: 'top' | 'bottom' | 'inline';
  className?: string;
  disabled?: boolean;
}

type LoadState = 'idle' | 'loading' | 'ready' | 'error';

/** An emoji button opening emoji-mart's picker in a popover; Escape or a press elsewhere closes it. */
export function EmojiPicker({
  onSelect,
  preset = MESSAGES_PICKER_PRESET,
  label: givenLabel,
  placement = 'top',
  className,
  disabled = false,
}: EmojiPickerProps) {
  const { t } = useLingui();
  const label = givenLabel ?? t`Add emoji`;
  const popover = usePopover({ controlsWhenClosed: false });
  const { open } = popover;
  const [state, setState] = useState<LoadState>('idle');
  const hostRef = useRef<HTMLDivElement>(null);
  const onSelectRef = useRef(onSelect);
  useEffect(() => {
    onSelectRef.current = onSelect;
  }, [onSelect]);

  useEffect(() => {
    if (!open) return;
    let cancelled = false;
    let picker: HTMLElement | null = null;
    const host = hostRef.current;
    setState('loading');
    loadEmojiMart()
      .then(({ Picker, data }) => {
        if (cancelled || !host) return;
        const theme = document.body.classList.contains('dark') ? 'dark' : 'light';
        const props = pickerProps(preset, { onSelect: (emoji) => onSelectRef.current(emoji) }, data, theme);
        picker = new Picker(props) as unknown as HTMLElement;
        host.replaceChildren(picker);
        setState('ready');
      })
      .catch(() => {
        if (!cancelled) setState('error');
      });
    return () => {
      cancelled = true;
      picker?.remove();
    };
  }, [open, preset]);

  return (
    <div ref={popover.anchorRef} className={clsx(placement !== 'inline' && 'relative', className)}>
      <IconButton aria-label={label} {...popover.triggerProps} active={open} disabled={disabled}>
        <Smile aria-hidden="true" className="size-5" />
      </IconButton>
      <PopoverPanel
        state={popover}
        role="dialog"
        aria-label={t`Emoji picker`}
        data-testid="emoji-picker"
        data-per-line={preset.perLine}
        data-max-frequent-rows={preset.maxFrequentRows}
        className={clsx(
          'z-50 min-h-16 min-w-48 rounded-2xl bg-white shadow-xl ring-1 ring-slate-900/10 dark:bg-slate-900 dark:ring-white/10',
          placement === 'top' && 'absolute bottom-full left-0 mb-2',
          placement === 'bottom' && 'absolute top-full left-0 mt-2',
          placement === 'inline' && 'mt-2 w-fit',
        )}
      >
        {state === 'loading' && (
          <p role="status" className="px-4 py-3 text-sm text-slate-500 dark:text-slate-400">
            <Trans>Loading emojis…</Trans>
          </p>
        )}
        {state === 'error' && (
          <p role="alert" className="px-4 py-3 text-sm text-red-700 dark:text-red-300">
            <Trans>Emojis could not be loaded.</Trans>
          </p>
        )}
        <div ref={hostRef} />
      </PopoverPanel>
    </div>
  );
}

/** Inserts `insert` into `value` at the textarea's selection (or at the end); returns the text and caret. */
export function insertAtSelection(
  value: string,
  insert: string,
  selection: { start: number; end: number } | null,
): { text: string; caret: number } {
  const start = selection ? Math.min(selection.start, value.length) : value.length;
  const end = selection ? Math.min(Math.max(selection.end, start), value.length) : value.length;
  const text = `${value.slice(0, start)}${insert}${value.slice(end)}`;
  return { text, caret: start + insert.length };
}

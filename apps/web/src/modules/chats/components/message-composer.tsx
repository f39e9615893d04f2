import { Trans, useLingui } from '@lingui/react/macro';
import { MESSAGE_MAX } from '@tripcrew/contracts/chats';
import clsx from 'clsx';
import { SendHorizontal } from 'lucide-react';
import { type KeyboardEvent, useId, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import {
  EmojiPicker,
  type EmojiPickerPreset,
  insertAtSelection,
  MESSAGES_PICKER_PRESET,
} from './emoji-picker.tsx';

/** Sending needs non-blank text (SPEC §5). */
export const isSendableText = (text: string): boolean => text.trim().length > 0;

/** Ctrl+Enter or Cmd+Enter sends (SPEC §5). */
export const isSendShortcut = (event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey'>): boolean =>
  event.key === 'Enter' && (event.ctrlKey || event.metaKey);

/**
 * Chat-style keys (trip chat, /messages): Enter sends, Shift+Enter makes a new line; Ctrl/Cmd+Enter
 * still sends. Enter that ends an input method's composition (accents, CJK) only confirms it.
 */
export const isChatSendKey = (
  event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'shiftKey'> & {
    nativeEvent?: { isComposing?: boolean };
  },
): boolean => event.key === 'Enter' && !event.shiftKey && event.nativeEvent?.isComposing !== true;

interface MessageComposerProps {
  /** Sends the trimmed text; the field is emptied once it resolves (kept when it rejects). */
  onSend: (text: string) => Promise<unknown>;
  /** False without a selected chat: nothing can be sent. */
  enabled?: boolean;
  /** Shown instead of the placeholder when disabled. */
  disabledHint?: string;
  placeholder?: string;
  pickerPreset?: EmojiPickerPreset;
  pickerPlacement?: 'top' | 'bottom' | 'inline';
  autoFocus?: boolean;
  className?: string;
  /** Enter sends and Shift+Enter makes a new line (instead of Ctrl/Cmd+Enter only). */
  enterSends?: boolean;
}

/** Emoji picker, text area and send button; Ctrl/Cmd+Enter sends. */
export function MessageComposer({
  onSend,
  enabled = true,
  disabledHint: givenDisabledHint,
  placeholder: givenPlaceholder,
  pickerPreset = MESSAGES_PICKER_PRESET,
  pickerPlacement = 'top',
  autoFocus = false,
  className,
  enterSends = false,
}: MessageComposerProps) {
  const { t } = useLingui();
  const disabledHint = givenDisabledHint ?? t`Select a chat to write a message`;
  const placeholder = givenPlaceholder ?? t`Write a message…`;
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const hintId = useId();
  const canSend = enabled && !sending && isSendableText(text);

  const send = async () => {
    if (!canSend) return;
    setSending(true);
    try {
      await onSend(text.trim());
      setText('');
    } catch {
      // The caller reported the failure; the text stays for another try.
    } finally {
      setSending(false);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (!(enterSends ? isChatSendKey(event) : isSendShortcut(event))) return;
    event.preventDefault();
    void send();
  };

  const addEmoji = (emoji: string) => {
    const field = textareaRef.current;
    const selection = field ? { start: field.selectionStart, end: field.selectionEnd } : null;
    const next = insertAtSelection(text, emoji, selection);
    setText(next.text.slice(0, MESSAGE_MAX));
    requestAnimationFrame(() => {
      if (!field) return;
      field.focus();
      field.setSelectionRange(next.caret, next.caret);
    });
  };

  return (
    <form
      className={clsx('flex flex-col gap-2', className)}
      onSubmit={(event) => {
        event.preventDefault();
        void send();
      }}
    >
      <div className="flex items-end gap-2">
        <EmojiPicker
          onSelect={addEmoji}
          preset={pickerPreset}
          placement={pickerPlacement}
          disabled={!enabled}
        />
        <label className="sr-only" htmlFor={`${hintId}-text`}>
          <Trans>Message</Trans>
        </label>
        <textarea
          id={`${hintId}-text`}
          ref={textareaRef}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
          disabled={!enabled}
          maxLength={MESSAGE_MAX}
          rows={2}
          autoFocus={autoFocus}
          placeholder={enabled ? placeholder : disabledHint}
          aria-describedby={hintId}
          className="min-h-11 flex-1 resize-y rounded-2xl border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 placeholder:text-slate-400 focus:border-brand-600 focus:ring-2 focus:ring-brand-600/20 focus:outline-none disabled:cursor-not-allowed disabled:bg-slate-100 dark:border-slate-700 dark:bg-slate-950 dark:text-slate-100 dark:disabled:bg-slate-800"
        />
        <Button type="submit" disabled={!canSend} size="sm" className="h-11">
          <SendHorizontal aria-hidden="true" className="size-4" />
          {sending ? t`Sending…` : t`Send`}
        </Button>
      </div>
      <p id={hintId} className="px-1 text-xs text-slate-500 dark:text-slate-400">
        {!enabled
          ? disabledHint
          : enterSends
            ? t`Enter sends, Shift+Enter for a new line`
            : t`Ctrl+Enter or ⌘+Enter sends`}
      </p>
    </form>
  );
}

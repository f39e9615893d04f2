import clsx from 'clsx';
import { X } from 'lucide-react';
import { type ReactNode, type RefObject, useEffect, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import { useScrollLock } from './use-scroll-lock.ts';

const FOCUSABLE =
  'a[href], area[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), iframe, [tabindex]:not([tabindex="-1"]), [contenteditable="true"]';

interface ModalProps {
  open: boolean;
  onClose: () => void;
  /** Visible heading; also the dialog's accessible name. */
  title?: ReactNode;
  /** Accessible name when there is no visible title. */
  ariaLabel?: string;
  children: ReactNode;
  /** Element to focus when the modal opens (defaults to the first focusable element). */
  initialFocusRef?: RefObject<HTMLElement | null>;
  size?: 'sm' | 'md' | 'lg' | 'full';
  className?: string;
  /** Hide the built-in close (×) button. */
  hideCloseButton?: boolean;
}

/**
 * Modal overlay (SPEC §2): closes on a click outside its content and on Escape, locks page scroll
 * while open, keeps keyboard focus inside and gives it back to the opener when it closes.
 */
export function Modal({
  open,
  onClose,
  title,
  ariaLabel,
  children,
  initialFocusRef,
  size = 'md',
  className,
  hideCloseButton = false,
}: ModalProps) {
  const titleId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const bodyRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  // The element focused before the modal: read from the first focus event inside the panel when
  // a field in it takes focus by itself (autoFocus) before the effects below run.
  const focusedBefore = useRef<HTMLElement | null>(null);
  useEffect(() => {
    onCloseRef.current = onClose;
  }, [onClose]);

  useScrollLock(open);

  // Focus in on open, back to the opener on close.
  useEffect(() => {
    if (!open) return;
    const panel = panelRef.current;
    const active = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const opener = active && panel?.contains(active) ? focusedBefore.current : active;
    const target =
      initialFocusRef?.current ??
      panel?.querySelector<HTMLElement>('[data-autofocus]') ??
      bodyRef.current?.querySelector<HTMLElement>(FOCUSABLE) ??
      panel;
    target?.focus();
    return () => {
      focusedBefore.current = null;
      if (opener && opener.isConnected) opener.focus();
    };
  }, [open, initialFocusRef]);

  // Escape closes; Tab cycles inside the panel.
  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      const panel = panelRef.current;
      if (!panel) return;
      // Only the top-most modal reacts.
      const all = document.querySelectorAll('[data-modal-panel]');
      if (all[all.length - 1] !== panel) return;
      if (event.key === 'Escape') {
        event.stopPropagation();
        onCloseRef.current();
        return;
      }
      if (event.key !== 'Tab') return;
      const focusable = Array.from(panel.querySelectorAll<HTMLElement>(FOCUSABLE));
      if (focusable.length === 0) {
        event.preventDefault();
        panel.focus();
        return;
      }
      const first = focusable[0]!;
      const last = focusable[focusable.length - 1]!;
      const active = document.activeElement;
      if (event.shiftKey && (active === first || active === panel)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && active === last) {
        event.preventDefault();
        first.focus();
      } else if (!panel.contains(active)) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open]);

  if (!open) return null;

  return createPortal(
    <div
      data-testid="modal-overlay"
      className="fixed inset-0 z-[60] flex items-end justify-center bg-slate-950/55 p-0 backdrop-blur-[2px] motion-safe:animate-fade-in sm:items-center sm:p-6"
      onMouseDown={(event) => {
        // Only a press that starts and ends on the backdrop itself closes (not a drag out of a field).
        if (event.target === event.currentTarget) event.currentTarget.dataset.pressed = 'true';
      }}
      onClick={(event) => {
        const pressedOnBackdrop = event.currentTarget.dataset.pressed !== 'false';
        delete event.currentTarget.dataset.pressed;
        if (event.target === event.currentTarget && pressedOnBackdrop) onClose();
      }}
    >
      <div
        ref={panelRef}
        data-modal-panel=""
        role="dialog"
        aria-modal="true"
        aria-labelledby={title ? titleId : undefined}
        aria-label={title ? undefined : ariaLabel}
        tabIndex={-1}
        onFocusCapture={(event) => {
          const previous = event.relatedTarget;
          if (
            focusedBefore.current === null &&
            previous instanceof HTMLElement &&
            !event.currentTarget.contains(previous)
          )
            focusedBefore.current = previous;
        }}
        onMouseDown={(event) => {
          // A press that starts inside the panel never closes the modal, even if released outside.
          const overlay = event.currentTarget.parentElement;
          if (overlay) overlay.dataset.pressed = 'false';
        }}
        className={clsx(
          'relative flex max-h-[92dvh] w-full flex-col overflow-hidden rounded-t-3xl bg-white text-slate-900 shadow-2xl ring-1 ring-slate-900/5 outline-none motion-safe:animate-pop-in sm:rounded-3xl dark:bg-slate-900 dark:text-slate-100 dark:ring-white/10',
          size === 'sm' && 'sm:max-w-sm',
          size === 'md' && 'sm:max-w-lg',
          size === 'lg' && 'sm:max-w-3xl',
          size === 'full' && 'sm:max-w-[min(1360px,95vw)]',
          className,
        )}
      >
        {(title || !hideCloseButton) && (
          <div className="flex items-start justify-between gap-4 px-5 pt-5 sm:px-6">
            {title ? (
              <h2 id={titleId} className="text-lg font-semibold tracking-tight">
                {title}
              </h2>
            ) : (
              <span />
            )}
            {!hideCloseButton && (
              <button
                type="button"
                onClick={onClose}
                aria-label="Close"
                className="-mt-1 -mr-2 rounded-full p-2 text-slate-500 transition hover:bg-slate-100 hover:text-slate-900 dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-white"
              >
                <X aria-hidden="true" className="size-5" />
              </button>
            )}
          </div>
        )}
        <div ref={bodyRef} className="overflow-y-auto px-5 pt-3 pb-5 sm:px-6 sm:pb-6">
          {children}
        </div>
      </div>
    </div>,
    document.body,
  );
}

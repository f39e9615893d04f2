import { useLingui } from '@lingui/react/macro';
import { DismissableLayer } from '@radix-ui/react-dismissable-layer';
import { FocusScope } from '@radix-ui/react-focus-scope';
import clsx from 'clsx';
import { X } from 'lucide-react';
import { type ReactNode, type RefObject, useEffect, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import { IconButton } from './icon-button.tsx';
import { useScrollLock } from './use-scroll-lock.ts';

const FOCUSABLE =
  'a[href], area[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), iframe, [tabindex]:not([tabindex="-1"]), [contenteditable="true"]';

export interface DialogProps {
  open: boolean;
  onClose: () => void;
  /** Visible heading; also the dialog's accessible name. */
  title?: ReactNode;
  /** Accessible name when there is no visible title. */
  ariaLabel?: string;
  children: ReactNode;
  /** Element to focus when the dialog opens (defaults to the first focusable element). */
  initialFocusRef?: RefObject<HTMLElement | null>;
  size?: 'sm' | 'md' | 'lg' | 'full';
  className?: string;
  /** Hide the built-in close (×) button. */
  hideCloseButton?: boolean;
}

/**
 * Modal dialog (SPEC §2), a bottom sheet on phones and a centred card from the sm breakpoint, on
 * Radix UI's FocusScope (focus kept inside, Tab loops) and DismissableLayer (Escape and a press on
 * the backdrop close the top-most layer only: an open popover inside closes first). Locks page
 * scroll while open and gives focus back to the opener when it closes. (`@radix-ui/react-dialog`
 * itself adds about 14 kB gzip to the first page, over the PERF-07 budget: these are its parts.)
 */
export function Dialog({
  open,
  onClose,
  title,
  ariaLabel,
  children,
  initialFocusRef,
  size = 'md',
  className,
  hideCloseButton = false,
}: DialogProps) {
  const { t } = useLingui();
  const titleId = useId();
  const overlayRef = useRef<HTMLDivElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const bodyRef = useRef<HTMLDivElement>(null);
  // The element focused before the dialog: read from the first focus event inside the panel when
  // a field in it takes focus by itself (autoFocus) before the effects below run.
  const focusedBefore = useRef<HTMLElement | null>(null);

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

  if (!open) return null;

  return createPortal(
    <div
      ref={overlayRef}
      data-testid="modal-overlay"
      className="fixed inset-0 z-[60] flex items-end justify-center bg-slate-950/55 p-0 backdrop-blur-[2px] motion-safe:animate-fade-in sm:items-center sm:p-6"
    >
      <FocusScope
        asChild
        trapped
        loop
        onMountAutoFocus={(event) => event.preventDefault()}
        onUnmountAutoFocus={(event) => event.preventDefault()}
      >
        <DismissableLayer
          asChild
          onPointerDownOutside={(event) => {
            // Only a press on the backdrop itself closes (not one on a toast above it).
            if (event.target !== overlayRef.current) event.preventDefault();
          }}
          onFocusOutside={(event) => event.preventDefault()}
          onDismiss={onClose}
        >
          <div
            ref={panelRef}
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
                  <IconButton aria-label={t`Close`} onClick={onClose} className="-mt-1 -mr-2">
                    <X aria-hidden="true" className="size-5" />
                  </IconButton>
                )}
              </div>
            )}
            <div ref={bodyRef} className="overflow-y-auto px-5 pt-3 pb-5 sm:px-6 sm:pb-6">
              {children}
            </div>
          </div>
        </DismissableLayer>
      </FocusScope>
    </div>,
    document.body,
  );
}

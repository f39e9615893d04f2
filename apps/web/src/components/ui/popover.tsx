import { DismissableLayer } from '@radix-ui/react-dismissable-layer';
import {
  type HTMLAttributes,
  type ReactNode,
  type RefObject,
  useCallback,
  useId,
  useRef,
  useState,
} from 'react';

/**
 * Popovers (SPEC §2 panels and dropdowns) on Radix UI's DismissableLayer, the layer under Radix's
 * own Popover, Dialog and Menu: Escape, a press outside and (optionally) focus leaving close the
 * top-most layer only, so a popover inside a dialog closes before the dialog. Positioning stays in
 * CSS and the panel renders in place, right after its trigger, so Tab walks into it. The full
 * `@radix-ui/react-popover` (floating-ui, about 25 kB gzip) does not fit the first-page budget
 * (PERF-07) of the header, which shows popovers on every page.
 */
export interface PopoverState {
  open: boolean;
  setOpen: (open: boolean) => void;
  toggle: () => void;
  /** Closes and gives focus back to the trigger (Escape). */
  closeToTrigger: () => void;
  panelId: string;
  /** The element counted as inside besides the panel: the wrapper holding trigger and panel. */
  anchorRef: RefObject<HTMLDivElement | null>;
  triggerRef: RefObject<HTMLButtonElement | null>;
  /** For the trigger button: its ref, aria-expanded, aria-controls and a click that toggles. */
  triggerProps: {
    ref: RefObject<HTMLButtonElement | null>;
    'aria-expanded': boolean;
    'aria-controls': string | undefined;
    onClick: () => void;
  };
}

/** The open state of one popover and the refs its trigger and panel share. */
export function usePopover(options: { controlsWhenClosed?: boolean } = {}): PopoverState {
  const { controlsWhenClosed = true } = options;
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const anchorRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const toggle = useCallback(() => setOpen((value) => !value), []);
  const closeToTrigger = useCallback(() => {
    setOpen(false);
    triggerRef.current?.focus();
  }, []);
  return {
    open,
    setOpen,
    toggle,
    closeToTrigger,
    panelId,
    anchorRef,
    triggerRef,
    triggerProps: {
      ref: triggerRef,
      'aria-expanded': open,
      'aria-controls': open || controlsWhenClosed ? panelId : undefined,
      onClick: toggle,
    },
  };
}

type PanelElement = 'div' | 'section';

interface PopoverPanelProps extends HTMLAttributes<HTMLElement> {
  /** The popover's state, from usePopover. */
  state: PopoverState;
  as?: PanelElement;
  children: ReactNode;
  /** Close when keyboard focus moves out of the trigger and panel (nav dropdowns). */
  closeOnFocusOutside?: boolean;
  /** Close on a press outside the trigger and panel (off when a backdrop of its own decides). */
  closeOnPointerOutside?: boolean;
  /** Called on Escape instead of the default (close and focus the trigger). */
  onEscape?: () => void;
  [data: `data-${string}`]: string | number | undefined;
}

/**
 * Runs `close` on the next click anywhere (after the clicked control's own handlers: React's
 * listeners sit on the root, below the document). A press whose click never comes (dragged off
 * the window) is forgotten at the next press, so a later click inside the panel does not close it.
 */
function closeOnNextClick(close: () => void): void {
  const onClick = () => {
    document.removeEventListener('pointerdown', forget, true);
    close();
  };
  const forget = () => document.removeEventListener('click', onClick);
  document.addEventListener('click', onClick, { once: true });
  document.addEventListener('pointerdown', forget, { once: true, capture: true });
}

/** The panel of a popover: rendered while open, dismissed by Escape and by presses outside. */
export function PopoverPanel({
  state: popover,
  as: Element = 'div',
  children,
  closeOnFocusOutside = false,
  closeOnPointerOutside = true,
  onEscape,
  ...rest
}: PopoverPanelProps) {
  if (!popover.open) return null;
  const insideAnchor = (target: EventTarget | null) =>
    target instanceof Node && !!popover.anchorRef.current?.contains(target);
  return (
    <DismissableLayer
      asChild
      onEscapeKeyDown={(event) => {
        event.preventDefault();
        if (onEscape) onEscape();
        else popover.closeToTrigger();
      }}
      onPointerDownOutside={(event) => {
        event.preventDefault();
        // The trigger toggles by itself.
        if (!closeOnPointerOutside || insideAnchor(event.target)) return;
        // Close on the click that ends this press, not on the press: a panel in the page's flow
        // (the inline emoji picker) would otherwise collapse under the pointer, and the control
        // pressed (Send) would move away before the click reached it.
        closeOnNextClick(() => popover.setOpen(false));
      }}
      onFocusOutside={(event) => {
        if (!closeOnFocusOutside || insideAnchor(event.target)) event.preventDefault();
      }}
      onDismiss={() => popover.setOpen(false)}
    >
      <Element id={popover.panelId} {...rest}>
        {children}
      </Element>
    </DismissableLayer>
  );
}

/** The look of a popover surface (light and dark) for panels placed below a field-like trigger. */
export const popoverSurfaceClass =
  'rounded-2xl bg-white shadow-xl ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-700';

/** The look of a field-like trigger (the trip option bar's pickers). */
export const fieldTriggerClass =
  'flex h-11 items-center gap-2 rounded-full border border-slate-200 bg-white text-sm font-medium shadow-sm transition hover:border-brand-400 dark:border-slate-700 dark:bg-slate-900';

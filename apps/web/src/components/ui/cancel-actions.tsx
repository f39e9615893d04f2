import { Trans } from '@lingui/react/macro';
import clsx from 'clsx';
import type { ReactNode } from 'react';
import { Button, type ButtonSize } from './button.tsx';

interface CancelActionsProps {
  onCancel: () => void;
  /** The Cancel button's look: 'ghost' (the default) or 'secondary' (beside a dangerous action). */
  cancelVariant?: 'ghost' | 'secondary';
  size?: ButtonSize;
  /** Lets the buttons wrap onto a second line on a narrow screen. */
  wrap?: boolean;
  className?: string;
  /** The action button(s), after Cancel. */
  children: ReactNode;
}

/** The end of a dialog or an inline form: Cancel, then the action, at the right. */
export function CancelActions({
  onCancel,
  cancelVariant = 'ghost',
  size,
  wrap = false,
  className,
  children,
}: CancelActionsProps) {
  return (
    <div className={clsx('flex justify-end gap-2', wrap && 'flex-wrap', className)}>
      <Button variant={cancelVariant} size={size} onClick={onCancel}>
        <Trans>Cancel</Trans>
      </Button>
      {children}
    </div>
  );
}

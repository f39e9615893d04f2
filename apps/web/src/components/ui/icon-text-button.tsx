import type { LucideIcon } from 'lucide-react';
import type { ButtonHTMLAttributes } from 'react';

export interface IconTextButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  icon: LucideIcon;
  /** The icon's size classes. */
  iconClassName?: string;
  /**
   * What becomes of the words on a phone: 'hidden' (the button names itself with aria-label) or
   * 'sr-only' (still read out, not shown).
   */
  narrow?: 'hidden' | 'sr-only';
}

/**
 * A compact button (type="button" unless told otherwise): an icon, and its words (the children)
 * from the small breakpoint on. Its look comes from `className`.
 */
export function IconTextButton({
  icon: Icon,
  iconClassName = 'size-4',
  narrow = 'hidden',
  type = 'button',
  children,
  ...rest
}: IconTextButtonProps) {
  return (
    <button type={type} {...rest}>
      <Icon aria-hidden="true" className={iconClassName} />
      <span className={narrow === 'hidden' ? 'hidden sm:inline' : 'max-sm:sr-only'}>{children}</span>
    </button>
  );
}

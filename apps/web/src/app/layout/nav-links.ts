import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '../../lib/i18n/i18n.ts';
import { BedDouble, Car, Heart, type LucideIcon, Plane, Ticket, Users } from 'lucide-react';

export interface NavLinkItem {
  /** Written with i18n._ where shown. */
  label: MessageDescriptor;
  to: string;
  icon: LucideIcon;
}

export interface NavGroupItem {
  label: MessageDescriptor;
  icon: LucideIcon;
  children: readonly NavLinkItem[];
}

export type NavItem = NavLinkItem | NavGroupItem;

export const isNavGroup = (item: NavItem): item is NavGroupItem => 'children' in item;

/** The header's configurable navigation (SPEC §2 "Header"). Groups open a dropdown on hover. */
export const NAV_ITEMS: readonly NavItem[] = [
  { label: msg`crew`, to: '/crew', icon: Users },
  { label: msg`wishlist`, to: '/wishlist', icon: Heart },
  {
    label: msg`book`,
    icon: Ticket,
    children: [
      { label: msg`flights`, to: '/flights', icon: Plane },
      { label: msg`bnbs`, to: '/bnbs', icon: BedDouble },
      { label: msg`cars`, to: '/cars', icon: Car },
    ],
  },
];

/** The look of a header navigation entry: highlighted only while one of its routes is open. */
export const NAV_ACTIVE_CLASS = 'bg-brand-50 text-brand-800 dark:bg-brand-950 dark:text-brand-200';
export const NAV_IDLE_CLASS =
  'text-slate-700 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-200 dark:hover:bg-slate-800 dark:hover:text-white';

/** Whether `pathname` is `to` or one of its sub-paths (/trips and /trips/42, never /tripsy). */
export function isOnRoute(pathname: string, to: string): boolean {
  return pathname === to || pathname.startsWith(`${to}/`);
}

/** A group (e.g. 'book') is active while one of its sub-links' routes is open. */
export function isGroupActive(item: NavGroupItem, pathname: string): boolean {
  return item.children.some((child) => isOnRoute(pathname, child.to));
}

/** The trip search bar shows only on / and on paths beginning with /place (SPEC §2). */
export function showsTripSearch(pathname: string): boolean {
  return pathname === '/' || pathname.startsWith('/place');
}

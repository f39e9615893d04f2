import { BedDouble, Car, Heart, type LucideIcon, Plane, Ticket, Users } from 'lucide-react';

export interface NavLinkItem {
  label: string;
  to: string;
  icon: LucideIcon;
}

export interface NavGroupItem {
  label: string;
  icon: LucideIcon;
  children: readonly NavLinkItem[];
}

export type NavItem = NavLinkItem | NavGroupItem;

export const isNavGroup = (item: NavItem): item is NavGroupItem => 'children' in item;

/** The header's configurable navigation (SPEC §2 "Header"). Groups open a dropdown on hover. */
export const NAV_ITEMS: readonly NavItem[] = [
  { label: 'crew', to: '/crew', icon: Users },
  { label: 'wishlist', to: '/wishlist', icon: Heart },
  {
    label: 'book',
    icon: Ticket,
    children: [
      { label: 'flights', to: '/flights', icon: Plane },
      { label: 'bnbs', to: '/bnbs', icon: BedDouble },
      { label: 'cars', to: '/cars', icon: Car },
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

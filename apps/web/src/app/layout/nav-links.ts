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

/** The trip search bar shows only on / and on paths beginning with /place (SPEC §2). */
export function showsTripSearch(pathname: string): boolean {
  return pathname === '/' || pathname.startsWith('/place');
}

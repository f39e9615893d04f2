import {
  BedDouble,
  Bookmark,
  Bus,
  CarFront,
  Compass,
  type LucideIcon,
  Plane,
  Ship,
  Ticket,
  TrainFront,
  UtensilsCrossed,
} from 'lucide-react';

/** The icon of each kind of booking, wherever one is shown (the Bookings tab, the plan, the chat). */
export const BOOKING_KIND_ICONS: Readonly<Record<string, LucideIcon>> = {
  flight: Plane,
  train: TrainFront,
  bus: Bus,
  ferry: Ship,
  'car-rental': CarFront,
  lodging: BedDouble,
  restaurant: UtensilsCrossed,
  event: Ticket,
  tour: Compass,
  other: Bookmark,
};

/** The icon of `kind`; a kind this version does not know shows the plain booking mark. */
export const bookingKindIcon = (kind: string): LucideIcon => BOOKING_KIND_ICONS[kind] ?? Bookmark;

import { msg } from '@lingui/core/macro';
import { i18n, type MessageDescriptor } from '../../../lib/i18n/i18n.ts';

/** The names of the fields of a trip's records, as the history and the conflict notices say them. */
const FIELD_NAMES: Record<string, MessageDescriptor> = {
  text: msg`Text`,
  time: msg`Time`,
  visitMinutes: msg`Visit`,
  hours: msg`Opening hours`,
  date: msg`Day`,
  done: msg`Packed`,
  assignedTo: msg`Brought by`,
  tripName: msg`Name`,
  transportMode: msg`Transport`,
  startDate: msg`First day`,
  endDate: msg`Last day`,
  image: msg`Cover`,
  name: msg`Name`,
  category: msg`Category`,
  address: msg`Address`,
  lat: msg`Latitude`,
  lng: msg`Longitude`,
  website: msg`Website`,
  phone: msg`Phone`,
  notes: msg`Notes`,
  point: msg`Point`,
};

/** The name of a field of a trip's record; an unknown field by its key. */
export function fieldName(field: string): string {
  const name = FIELD_NAMES[field];
  return name ? i18n._(name) : field;
}

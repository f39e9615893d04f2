import { plural } from '@lingui/core/macro';
import type { PresentMember } from '@tripcrew/contracts/trip-presence';
import { activeLocale } from '../../../../lib/i18n/active-locale.ts';
import { lazyIntlBy } from '../../../../lib/lazy-intl.ts';

const lists = lazyIntlBy((intl) => new Intl.ListFormat(intl, { style: 'long', type: 'conjunction' }));

/** How a present member is named: the first name ("Ben"), the whole name when there is none. */
export const presenceName = (member: PresentMember): string =>
  member.name.trim() || `${member.name} ${member.lastName}`.trim();

/** "Ben", "Ben and Carla", "Ben, Carla and Dan", in the active language. */
export function presenceNames(members: readonly PresentMember[]): string {
  return lists(activeLocale().intl).format(members.map(presenceName));
}

/** "Ben is here", "Ben and Carla are here": who else has the trip open now. */
export function hereLabel(members: readonly PresentMember[]): string {
  const names = presenceNames(members);
  return plural(members.length, { one: `${names} is here`, other: `${names} are here` });
}

/** "Ben is editing", "Ben and Carla are editing": who else has an editor open on an item. */
export function editingLabel(members: readonly PresentMember[]): string {
  const names = presenceNames(members);
  return plural(members.length, { one: `${names} is editing`, other: `${names} are editing` });
}

import { msg } from '@lingui/core/macro';
import { i18n } from '../../../lib/i18n/i18n.ts';

/** What generated art is called on screen: it is never a photo and has no author. */
export const ILLUSTRATION_LABEL = msg`Illustration`;

/** The source of the art Tripcrew generates itself (DATA-07). */
const GENERATED_SOURCE = 'tripcrew';

export type ImageCredit =
  | { kind: 'illustration'; label: string }
  | { kind: 'photo'; photographer: string; id: string; unsplash: boolean };

/**
 * The caption of a place's image (PLACE-06): a real photo credits its photographer and image id
 * (and names Unsplash when it comes from there); generated art is only labelled 'Illustration',
 * without an author or an internal id.
 */
export function imageCredit(image: { photographer?: string; id?: string; source?: string }): ImageCredit {
  const source = (image.source ?? '').trim().toLowerCase();
  const photographer = (image.photographer ?? '').trim();
  if (source === GENERATED_SOURCE || source === '' || photographer === '')
    return { kind: 'illustration', label: i18n._(ILLUSTRATION_LABEL) };
  return { kind: 'photo', photographer, id: (image.id ?? '').trim(), unsplash: source === 'unsplash' };
}

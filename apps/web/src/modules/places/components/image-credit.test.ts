import { describe, expect, it } from 'vitest';
import { ILLUSTRATION_LABEL, imageCredit } from './image-credit.ts';
import { i18n } from '../../../lib/i18n/i18n.ts';

describe('imageCredit', () => {
  it('[PLACE-06] generated art is an illustration: no author, no id, never "Photo"', () => {
    const credit = imageCredit({
      photographer: 'Tripcrew artwork',
      id: 'cb45d3de-1234-4abc-8def-0123456789ab',
      source: 'tripcrew',
    });
    expect(credit).toEqual({ kind: 'illustration', label: 'Illustration' });
    expect(i18n._(ILLUSTRATION_LABEL)).toBe('Illustration');
    expect(JSON.stringify(credit)).not.toMatch(/Photo|cb45d3de|Tripcrew artwork/);
  });

  it('[PLACE-06] a photo credits its photographer and image id, and names Unsplash', () => {
    expect(imageCredit({ photographer: 'Ana Lopes', id: 'abc123', source: 'Unsplash' })).toEqual({
      kind: 'photo',
      photographer: 'Ana Lopes',
      id: 'abc123',
      unsplash: true,
    });
    expect(imageCredit({ photographer: 'Ana Lopes', id: 'abc123', source: 'wikimedia' })).toMatchObject({
      kind: 'photo',
      unsplash: false,
    });
  });

  it('[PLACE-06] an image without an author is not credited as a photo', () => {
    expect(imageCredit({ photographer: ' ', id: 'x', source: 'unsplash' }).kind).toBe('illustration');
    expect(imageCredit({}).kind).toBe('illustration');
  });
});

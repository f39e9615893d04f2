import { useSyncExternalStore } from 'react';

/**
 * The feature whose card is hovered or focused, shared by the card list and the map without
 * re-rendering the page: only the map subscribes.
 */
let current: string | null = null;
const listeners = new Set<() => void>();

export function setMapHighlight(featureId: string | null): void {
  if (current === featureId) return;
  current = featureId;
  listeners.forEach((listener) => listener());
}

export function useMapHighlight(): string | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current,
    () => null,
  );
}

/** The card of a feature in a list, found by its data-feature-id. */
export function featureCardIn(root: ParentNode | null | undefined, featureId: string): HTMLElement | null {
  if (!root) return null;
  // Compared as attributes: an id is never pasted into a selector.
  for (const element of root.querySelectorAll<HTMLElement>('[data-feature-id]')) {
    if (element.getAttribute('data-feature-id') === featureId) return element;
  }
  return null;
}

/** The feature id of the card an event happened in, if any. */
export function featureIdOf(target: EventTarget | null): string | null {
  return target instanceof Element
    ? (target.closest('[data-feature-id]')?.getAttribute('data-feature-id') ?? null)
    : null;
}

/** Marks one card as the map's chosen one (data-highlighted), unmarking the others. */
export function markChosenCard(
  root: ParentNode | null | undefined,
  featureId: string | null,
): HTMLElement | null {
  root
    ?.querySelectorAll('[data-highlighted]')
    .forEach((element) => element.removeAttribute('data-highlighted'));
  const card = featureId ? featureCardIn(root, featureId) : null;
  card?.setAttribute('data-highlighted', 'true');
  return card;
}

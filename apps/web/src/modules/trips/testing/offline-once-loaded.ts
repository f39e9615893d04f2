/** Component tests of adds made offline: the screen loads online, then the device goes offline. */
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { expect, vi } from 'vitest';
import { renderWithToasts, signIn } from '../../../../test/shell-test-utils.tsx';
import { i18n, type MessageDescriptor } from '../../../lib/i18n/i18n.ts';

/**
 * Renders `element` signed in and, once `loaded` has found what it waits for, takes the device
 * offline: the editors' offline note (`note`) shows. The user to act with next.
 */
export async function offlineOnceLoaded(
  element: ReactElement,
  loaded: () => Promise<unknown>,
  note: MessageDescriptor,
) {
  const { store } = renderWithToasts(element);
  signIn(store);
  await loaded();
  vi.stubGlobal('navigator', { ...navigator, onLine: false });
  await act(async () => {
    window.dispatchEvent(new Event('offline'));
  });
  expect(screen.getByText(i18n._(note))).toBeTruthy();
  return userEvent.setup();
}

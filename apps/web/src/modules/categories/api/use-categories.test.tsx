import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAt, resetMocksAfterEach } from '../../../../test/shell-test-utils.tsx';
import { deferred, jsonResponse, mockFetch } from '../../../lib/testing/fetch-mock.ts';
import { useCategories } from './use-categories.ts';

resetMocksAfterEach();

const CATEGORIES = [{ title: 'sights', subcategories: ['castle'], icon: '🏰' }];

describe('useCategories', () => {
  it('[PERF-07] the start of a load renders nothing again; the list that arrives does, once stored', async () => {
    const answer = deferred<Response>();
    mockFetch(() => answer.promise);
    let renders = 0;
    function Titles() {
      renders += 1;
      const categories = useCategories();
      return <p>{categories.map((category) => category.title).join(', ') || 'none yet'}</p>;
    }
    const { store } = renderAt(<Titles />);
    await waitFor(() => expect(store.getState().categories.loading).toBe(true));
    // Mounted once; the load's start (categoriesRequested in the slice) did not render it again.
    expect(renders).toBe(1);
    expect(screen.getByText('none yet')).toBeTruthy();

    answer.resolve(jsonResponse(200, CATEGORIES));
    expect(await screen.findByText('sights')).toBeTruthy();
    expect(store.getState().categories.categories).toEqual(CATEGORIES);
  });
});

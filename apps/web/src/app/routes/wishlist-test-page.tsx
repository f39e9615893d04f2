import type { RouteObject } from 'react-router';
import { makeStore, renderRoutes, signIn } from '../../../test/shell-test-utils.tsx';
import { AppToastContainer } from '../../components/ui/toast-container.tsx';
import { WishlistPage } from './wishlist.tsx';

/** The wishlist page of a signed-in user at `path`, with its toasts, beside `otherRoutes` (tests only). */
export function renderWishlistPage(path = '/wishlist', otherRoutes: RouteObject[] = []) {
  const { store } = makeStore();
  signIn(store);
  const page = (
    <>
      <WishlistPage />
      <AppToastContainer theme="light" />
    </>
  );
  const rendered = renderRoutes([{ path: '/wishlist', element: page }, ...otherRoutes], { path, store });
  return { ...rendered, store };
}

import { ToastContainer, type ToastContainerProps } from 'react-toastify';

/** SPEC §9: toasts close after 5000 ms, appear top-right, pause on hover and on window focus loss. */
export const TOAST_CONTAINER_PROPS = {
  position: 'top-right',
  autoClose: 5000,
  pauseOnHover: true,
  pauseOnFocusLoss: true,
  closeOnClick: true,
  draggable: true,
  newestOnTop: true,
  limit: 5,
} as const satisfies ToastContainerProps;

/**
 * The app's single toast container. react-toastify ships its CSS as a runtime-injected <style>
 * element (allowed by style-src 'unsafe-inline'); no script is inlined.
 */
export function AppToastContainer({ theme }: { theme: 'light' | 'dark' }) {
  return <ToastContainer {...TOAST_CONTAINER_PROPS} theme={theme} />;
}

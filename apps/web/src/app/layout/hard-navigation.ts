/**
 * Full page loads (not client-side navigation). Kept behind an object so tests can observe them:
 * jsdom cannot navigate, and window.location cannot be spied on directly.
 */
export const hardNavigation = {
  assign(url: string) {
    window.location.assign(url);
  },
};

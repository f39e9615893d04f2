/** The localStorage key of the persisted auth slice (SPEC §3). Imports nothing: src/early-requests.ts reads it too. */
export const AUTH_STORAGE_KEY = 'auth';

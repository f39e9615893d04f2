/**
 * zod as the web app uses it (vite.config.ts aliases `zod` here): the same module, with its
 * just-in-time parsers off. zod builds those with `new Function`, which the page's Content Security
 * Policy forbids (script-src 'self', no 'unsafe-eval'); even its probe for eval was reported as a
 * policy violation on every page that parsed an answer. The API keeps zod as it is.
 */
import { config } from 'zod/v4';

config({ jitless: true });

export * from 'zod/v4';
export { z as default } from 'zod/v4';

/**
 * The WHATWG URL API, the same in every runtime the contracts run in (Node and the browsers). The
 * package compiles without any platform's types (tsconfig: lib ES2023, no types), so it declares the
 * part it uses (place-links.ts); the apps compile the contracts against their platform's own types.
 */
interface URLSearchParams {
  get(name: string): string | null;
}
declare const URLSearchParams: {
  prototype: URLSearchParams;
  new (init?: string): URLSearchParams;
};

interface URL {
  readonly href: string;
  readonly protocol: string;
  readonly hostname: string;
  readonly pathname: string;
  readonly hash: string;
  readonly searchParams: URLSearchParams;
}
declare const URL: {
  prototype: URL;
  new (url: string, base?: string): URL;
};

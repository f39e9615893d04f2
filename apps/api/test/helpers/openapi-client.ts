import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';

/**
 * What an integrator does first with the OpenAPI document: generate TypeScript types from it
 * (openapi-typescript) and write a client against them (openapi-fetch). `typeCheckClient` does
 * both in a temporary folder and answers the compiler's complaints, one line each.
 */

const require = createRequire(import.meta.url);
/** openapi-fetch's own types, for a client file that lives outside the repository. */
const OPENAPI_FETCH_TYPES = join(require.resolve('openapi-fetch'), '..', 'index.d.mts');

/**
 * A small client: typed calls through openapi-fetch, and types read straight off `paths`,
 * `operations` and `components`. Each `@ts-expect-error` is a misuse the types must refuse: if the
 * description loses a parameter or a body, the line compiles and the check fails.
 */
export const CLIENT_SOURCE = `
import createClient from 'openapi-fetch';
import type { components, operations, paths } from './api.ts';

type Trips = paths['/core/trips']['get']['responses']['200']['content']['application/json'];
type ApiError = components['schemas']['ApiError'];
type MoveItem = operations['moveTripPlannerItem']['requestBody']['content']['application/json'];

const client = createClient<paths>({ baseUrl: 'http://localhost:3000/api' });
const auth = (token: string) => ({ authorization: \`Bearer \${token}\` });

export async function tripNames(token: string): Promise<string[]> {
  const { data, error } = await client.GET('/core/trips', { headers: auth(token) });
  if (error) throw new Error(error.message);
  return data.map((trip) => \`\${trip.tripName} (\${trip.myRole})\`);
}

export async function createTrip(token: string, placeId: string): Promise<string> {
  const { data, error } = await client.POST('/core/trips', {
    headers: auth(token),
    body: { placeId, transportMode: 'public' },
  });
  if (error) throw new Error(\`\${error.code}: \${error.message}\`);
  return data._id;
}

export async function renameTrip(token: string, id: string, tripName: string): Promise<string> {
  const { data, error } = await client.PATCH('/core/trips/update/{id}', {
    headers: auth(token),
    params: { path: { id } },
    body: { tripName },
  });
  if (error) throw new Error(error.message);
  return data.trip.tripName;
}

export async function moveToTray(token: string, id: string, itemId: string): Promise<number> {
  const move: MoveItem = { date: null, index: 0 };
  const { data, error } = await client.POST('/core/trips/{id}/planner/items/{itemId}/move', {
    headers: auth(token),
    params: { path: { id, itemId } },
    body: move,
  });
  if (error) throw new Error(error.message);
  return data.tray.length;
}

export async function health(): Promise<'ok' | 'degraded'> {
  const { data, error } = await client.GET('/health');
  if (data) return data.status;
  // A 503 still answers the health body; any other error is the one error body.
  return error && 'status' in error ? error.status : 'degraded';
}

export const firstTripId = (trips: Trips): string | undefined => trips[0]?._id;
export const notFound: ApiError = { statusCode: 404, code: 'NOT_FOUND', message: 'Trip not found' };

export async function misuses(token: string): Promise<void> {
  // @ts-expect-error the trip id is a required path parameter
  await client.GET('/core/trips/{id}', { headers: auth(token) });
  await client.PATCH('/core/trips/update/{id}', {
    params: { path: { id: 'x' } },
    // @ts-expect-error tripName is text
    body: { tripName: 42 },
  });
  // @ts-expect-error no such path
  await client.GET('/core/trip');
}
`;

/**
 * Generates the types of each document and type-checks CLIENT_SOURCE against each, in one
 * compiler program (the libraries are parsed once). Answers each document's errors, as
 * `file(line,col): message`.
 */
export async function typeCheckClient<const N extends string>(
  documents: Record<N, object>,
): Promise<Record<N, string[]>> {
  const dir = mkdtempSync(join(tmpdir(), 'tripcrew-openapi-client-'));
  try {
    const names = Object.keys(documents) as N[];
    for (const name of names) {
      const document = structuredClone(documents[name]) as Parameters<typeof openapiTS>[0];
      writeFileSync(join(dir, `${name}.api.ts`), astToString(await openapiTS(document)));
      writeFileSync(
        join(dir, `${name}.client.ts`),
        CLIENT_SOURCE.replace("'./api.ts'", `'./${name}.api.ts'`),
      );
    }
    const program = ts.createProgram(
      names.map((name) => join(dir, `${name}.client.ts`)),
      {
        strict: true,
        noEmit: true,
        noUncheckedIndexedAccess: true,
        target: ts.ScriptTarget.ES2022,
        module: ts.ModuleKind.ESNext,
        moduleResolution: ts.ModuleResolutionKind.Bundler,
        allowImportingTsExtensions: true,
        lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
        types: [],
        skipLibCheck: true,
        paths: { 'openapi-fetch': [OPENAPI_FETCH_TYPES] },
      },
    );
    const describe = (diagnostic: ts.Diagnostic) => {
      const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, ' ');
      if (!diagnostic.file || diagnostic.start === undefined) return message;
      const { line, character } = diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start);
      const file = diagnostic.file.fileName.slice(dir.length + 1);
      return `${file}(${line + 1},${character + 1}): ${message}`;
    };
    const shared = [...program.getOptionsDiagnostics(), ...program.getGlobalDiagnostics()].map(describe);
    // Each document's files parse; its client is checked (checking every generated declaration as
    // well would only cost time: what the client uses is what matters).
    const errorsOf = (name: N) => {
      const own = [`${name}.api.ts`, `${name}.client.ts`].map((file) =>
        program.getSourceFile(join(dir, file)),
      );
      return [
        ...shared,
        ...own.flatMap((file) => (file ? program.getSyntacticDiagnostics(file).map(describe) : [])),
        ...program.getSemanticDiagnostics(own[1]).map(describe),
      ];
    };
    return Object.fromEntries(names.map((name) => [name, errorsOf(name)])) as Record<N, string[]>;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

import fc from 'fast-check';

/**
 * Value generators for the fuzz suite (SEC-06), driven by the JSON schemas of the OpenAPI
 * document (fastify-type-provider-zod turns each zod contract into one). `validOf` builds values
 * the schema accepts, `hostileOf` values it must refuse or that sit on its boundaries.
 */

export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  nullable?: boolean;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  exclusiveMaximum?: number | boolean;
  pattern?: string;
  format?: string;
  default?: unknown;
}

/** Strings that have broken parsers, databases and renderers before. */
export const NASTY_STRINGS: readonly string[] = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\u0000'.repeat(64),
  '\t\r\n',
  '🧳✈️🏝️👩‍👩‍👧‍👦',
  '\u202Eevil\u202C',
  '\u2066isolate\u2069',
  'a\u0007b\u007fc\u0085d',
  'مرحبا بالعالم',
  'שלום',
  '\uFEFFbom',
  '\uD800',
  'Z̷̢̛͔a̸l̵g̶o̷',
  "' OR 1=1 --",
  "'; DROP TABLE users; --",
  '"\\',
  '%00',
  '%',
  '%%%',
  '../../../../etc/passwd',
  '..%2F..%2Fetc%2Fpasswd',
  '<script>alert(1)</script>',
  '{{7*7}}${7*7}',
  '__proto__',
  'constructor',
  'null',
  'undefined',
  'NaN',
  'Infinity',
  '-1',
  '0',
  '1e309',
  '9007199254740993',
  '0x10',
  'true',
  '[]',
  '{}',
  '00000000-0000-0000-0000-000000000000',
  '00000000-0000-4000-8000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  'not-a-uuid',
  '1970-01-01',
  '9999-12-31',
  '2024-02-30',
  '0000-00-00',
  '25:61',
  'a@b',
  '@',
  'x'.repeat(65),
  'x'.repeat(257),
];

/**
 * Text with a character no field of a request may hold (issue 22): NUL and other C0 controls,
 * DEL, C1 controls, bidi embeddings, overrides and isolates. Each is otherwise a fine value.
 */
export const CONTROL_STRINGS: readonly string[] = [
  'Trip\u0000name',
  '\u0000',
  'bell\u0007',
  'del\u007f',
  '\u0085next line',
  'gpj.\u202eexe',
  '\u202aembedded',
  '\u2066isolated\u2069',
  'Two\u001blines',
];

/** Where a string sits in a JSON value: property names and array indexes. */
export type LeafPath = Array<string | number>;

export interface StringLeaf {
  path: LeafPath;
  schema: JsonSchema;
}

/** Every string a value of `schema` may hold, with its path (array items as index 0). */
export function stringLeaves(schema: JsonSchema, path: LeafPath = []): StringLeaf[] {
  const alts = alternatives(schema);
  if (alts) return alts.flatMap((alt) => stringLeaves(alt, path)).filter(uniqueBy((l) => l.path.join('.')));
  const [type] = typesOf(schema);
  if (type === 'string') return [{ path, schema }];
  if (type === 'array') return schema.items ? stringLeaves(schema.items, [...path, 0]) : [];
  if (type === 'object')
    return Object.entries(schema.properties ?? {}).flatMap(([name, prop]) =>
      stringLeaves(prop, [...path, name]),
    );
  return [];
}

function uniqueBy<T>(key: (value: T) => string): (value: T, index: number, all: T[]) => boolean {
  return (value, index, all) => all.findIndex((other) => key(other) === key(value)) === index;
}

/** A copy of `value` with `leaf` set at `path`, making the objects and arrays on the way. */
export function withLeaf(value: unknown, path: LeafPath, leaf: unknown): unknown {
  const [head, ...rest] = path;
  if (head === undefined) return leaf;
  if (typeof head === 'number') {
    const list = Array.isArray(value) ? [...(value as unknown[])] : [];
    list[head] = withLeaf(list[head], rest, leaf);
    return list;
  }
  const record =
    typeof value === 'object' && value !== null && !Array.isArray(value) ? { ...(value as object) } : {};
  return { ...record, [head]: withLeaf((record as Record<string, unknown>)[head], rest, leaf) };
}

const HUGE = 100_000;

/** A string of about `length` characters, made of one repeated unit. */
export const huge = (unit = 'x', length = HUGE): string => unit.repeat(Math.ceil(length / unit.length));

export const nastyString: fc.Arbitrary<string> = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.constantFrom(huge(), huge('🧳'), huge('\u0000a')) },
);

export const nastyNumber: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(0, -0, -1, 1, 0.5, -0.5, 2 ** 31, 2 ** 53, 2 ** 53 + 2, -(2 ** 53), 1e308, -1e308, 5e-324),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

/** A JSON value of any type, including deep nesting. */
export const anyJson: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 1, arbitrary: fc.integer({ min: 20, max: 200 }).map((depth) => deepNest(depth)) },
  { weight: 1, arbitrary: fc.constant(null) },
);

/** An object nested `depth` levels deep: {"a":[{"a":…}]}. */
export function deepNest(depth: number): unknown {
  let value: unknown = 'bottom';
  for (let i = 0; i < depth; i += 1) value = i % 2 === 0 ? { a: value } : [value];
  return value;
}

/** JSON text nested `depth` levels deep, built as text (too deep for JSON.stringify's stack). */
export function deepJsonText(depth: number): string {
  return `${'{"a":['.repeat(depth)}1${']}'.repeat(depth)}`;
}

function typesOf(schema: JsonSchema): string[] {
  if (schema.enum) return ['enum'];
  if (schema.const !== undefined) return ['const'];
  if (Array.isArray(schema.type)) return schema.type;
  if (schema.type) return [schema.type];
  if (schema.properties) return ['object'];
  return [];
}

function alternatives(schema: JsonSchema): JsonSchema[] | undefined {
  return schema.anyOf ?? schema.oneOf;
}

/** A value the schema accepts (best effort: pattern-bound strings use fc.stringMatching). */
export function validOf(schema: JsonSchema, pool: readonly string[] = []): fc.Arbitrary<unknown> {
  const alts = alternatives(schema);
  if (alts && alts.length > 0) return fc.oneof(...alts.map((alt) => validOf(alt, pool)));
  if (schema.allOf?.[0]) return validOf(schema.allOf[0], pool);
  const [type] = typesOf(schema);
  switch (type) {
    case 'enum':
      return fc.constantFrom(...(schema.enum ?? [null]));
    case 'const':
      return fc.constant(schema.const);
    case 'string':
      return validString(schema, pool);
    case 'integer':
    case 'number': {
      const min = typeof schema.minimum === 'number' ? schema.minimum : -1_000;
      const max = typeof schema.maximum === 'number' ? schema.maximum : 1_000;
      return fc.integer({ min: Math.ceil(min), max: Math.floor(Math.min(max, min + 10_000)) });
    }
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const minLength = schema.minItems ?? 0;
      const maxLength = Math.max(minLength, Math.min(schema.maxItems ?? 3, 3));
      return fc.array(validOf(schema.items ?? {}, pool), { minLength, maxLength });
    }
    case 'object':
      return validObject(schema, pool);
    default:
      return fc.oneof(fc.string({ maxLength: 10 }), fc.integer(), fc.boolean());
  }
}

function validString(schema: JsonSchema, pool: readonly string[]): fc.Arbitrary<string> {
  const min = schema.minLength ?? 0;
  const max = schema.maxLength ?? 40;
  const fits = (s: string) => s.length >= min && s.length <= max;
  let base: fc.Arbitrary<string>;
  if (schema.pattern) {
    base = fc.stringMatching(new RegExp(schema.pattern)).filter(fits);
  } else if (schema.format === 'email') {
    base = fc.emailAddress().filter(fits);
  } else if (schema.format === 'uuid') {
    base = fc.uuid();
  } else if (schema.format === 'date') {
    base = fc.constantFrom('2030-06-01', '2030-06-03');
  } else {
    base = fc.string({ minLength: min, maxLength: Math.min(max, min + 40) });
  }
  const fromPool = pool.filter(fits);
  return fromPool.length > 0 ? fc.oneof(base, fc.constantFrom(...fromPool)) : base;
}

function validObject(schema: JsonSchema, pool: readonly string[]): fc.Arbitrary<Record<string, unknown>> {
  const props = schema.properties ?? {};
  const required = new Set(schema.required ?? []);
  const entries = Object.entries(props);
  if (entries.length === 0) return fc.constant({});
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [name, prop] of entries) model[name] = validOf(prop, pool);
  return fc.record(model, { requiredKeys: entries.map(([name]) => name).filter((n) => required.has(n)) });
}

/** A value of the wrong type for the schema, or one past its bounds, or plain hostile. */
export function hostileOf(schema: JsonSchema): fc.Arbitrary<unknown> {
  const alts = alternatives(schema);
  const target = alts?.[0] ?? schema;
  const [type] = typesOf(target);
  const wrongType: fc.Arbitrary<unknown> = fc.oneof(
    nastyString,
    nastyNumber,
    fc.boolean(),
    fc.constant(null),
    fc.constant([]),
    fc.constant({}),
    anyJson,
  );
  const bounds: Array<fc.Arbitrary<unknown>> = [];
  switch (type) {
    case 'string': {
      bounds.push(nastyString);
      if (typeof target.minLength === 'number' && target.minLength > 0)
        bounds.push(fc.constant('x'.repeat(target.minLength - 1)));
      if (typeof target.maxLength === 'number') bounds.push(fc.constant('y'.repeat(target.maxLength + 1)));
      break;
    }
    case 'integer':
    case 'number': {
      bounds.push(nastyNumber, fc.constantFrom('1', 'NaN', '', '1e3'));
      if (typeof target.minimum === 'number') bounds.push(fc.constant(target.minimum - 1));
      if (typeof target.maximum === 'number') bounds.push(fc.constant(target.maximum + 1));
      if (type === 'integer') bounds.push(fc.constant(1.5));
      break;
    }
    case 'array': {
      bounds.push(fc.array(anyJson, { maxLength: 5 }));
      bounds.push(fc.constant(Array.from({ length: (target.maxItems ?? 1_000) + 1 }, (_, i) => `id-${i}`)));
      bounds.push(fc.constant({ 0: 'not', length: 1 }));
      break;
    }
    case 'object':
      bounds.push(fc.constant([{}]), fc.constant('{}'), fc.dictionary(fc.string(), anyJson, { maxKeys: 4 }));
      break;
    case 'enum':
      bounds.push(nastyString, fc.constantFrom('ADMIN', 'Admin', ' admin', '*'));
      break;
    default:
      break;
  }
  return bounds.length > 0 ? fc.oneof(wrongType, ...bounds) : wrongType;
}

/** A hostile value as it travels in a URL (path segment or query value). */
export const hostileUrlText: fc.Arbitrary<string> = fc.oneof(
  nastyString,
  nastyNumber.map(String),
  fc.constantFrom('%zz', '%', '%C0%AE%C0%AE', '..', '.', '%2e%2e%2f', '%00', 'a%2Fb', '%E2%80%AE'),
);

import fc from 'fast-check';
import type { JsonSchema, Parameter } from './openapi.ts';

/**
 * fast-check arbitraries built from the JSON schemas of the OpenAPI document: values shaped like the
 * schema (types, enums, patterns, lengths, bounds, required keys), the same values broken in the
 * ways clients and attackers break them, and raw bodies a JSON encoder would never write.
 */

/** What a fuzzed request sends as its body. */
export type Payload =
  | { kind: 'json'; value: unknown }
  | { kind: 'raw'; text: string; contentType: string; what: string };

/** fast-check prints a counterexample through this: short, whatever the payload's size. */
function printable<T extends Payload>(p: T): T {
  Object.defineProperty(p, fc.toStringMethod, { value: () => describePayload(p), enumerable: false });
  return p;
}

export interface FuzzHints {
  /** Real values for string fields, by property name (ids, template types…), to get past lookups. */
  byName?: Record<string, readonly string[]>;
}

/** Strings that reach the business rules (valid dates, times, types) or trip careless code. */
export const TRICKY_STRINGS: readonly string[] = [
  '',
  ' ',
  '2026-12-31',
  '2026-02-29',
  '2024-02-29',
  '0000-00-00',
  '9999-12-31',
  '2026-13-01',
  '0000-01-01',
  '0001-01-01',
  '0000-02-29T20:00:00Z',
  '9999-12-31T23:59:59-23:59',
  '2026-12-31T23:59:59Z',
  '09:00',
  '23:59',
  '24:00',
  '7:5',
  'NR-13',
  'NR-12',
  'laudo_criado',
  'vencimento_7',
  'relatorio_mensal',
  'cliente@acme.com.br',
  'a@b.co',
  'admin',
  'cliente',
  'NaN',
  'Infinity',
  '-0',
  '1e308',
  '0x1F',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  '%',
  '_',
  '\\',
  "'; drop table laudos; --",
  "' or '1'='1",
  '<img src=x onerror=alert(1)>',
  '"><script>alert(1)</script>',
  'javascript:alert(1)',
  '{{ 7 * 7 }}',
  '{% include "x" %}',
  '{{ sistema_url | append: x }}',
  '../../etc/passwd',
  'C:\\Windows\\win.ini',
  'a\u0000b',
  '\u0000',
  '\ud800',
  '\udfff\ud800',
  '\u202efdp.exe',
  '\ufeff',
  'é',
  '𝄞🚨',
  'x\r\nBcc: vitima@exemplo.com',
  '\t\n\r',
];

const NUMERIC_STRINGS = [
  'NaN',
  'Infinity',
  '-Infinity',
  '1e308',
  '-1e308',
  '1e999',
  '-0',
  '0x10',
  ' 1 ',
  '1.5',
];
const EXTREME_NUMBERS = [
  1e308,
  -1e308,
  Number.MAX_VALUE,
  Number.MIN_VALUE,
  Number.MAX_SAFE_INTEGER + 2,
  -Number.MAX_SAFE_INTEGER - 2,
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 63,
  -0,
  -1,
  0.5,
  1e-320,
];

const MAX_GENERATED_STRING = 120;

/** Values the schema accepts, as far as a JSON schema can say (zod refinements may still refuse). */
export function validValue(schema: JsonSchema, hints: FuzzHints = {}, name = ''): fc.Arbitrary<unknown> {
  let arb: fc.Arbitrary<unknown>;
  if (schema.anyOf && schema.anyOf.length > 0) {
    arb = fc.oneof(...schema.anyOf.map((s) => validValue(s, hints, name)));
  } else if (schema.enum && schema.enum.length > 0) {
    arb = fc.constantFrom(...schema.enum);
  } else {
    switch (schema.type) {
      case 'string':
        arb = stringValue(schema, hints, name);
        break;
      case 'integer': {
        const min = schema.minimum ?? -(2 ** 31);
        const max = schema.maximum ?? 2 ** 31;
        arb = fc.oneof({ weight: 4, arbitrary: fc.integer({ min, max }) }, fc.constantFrom(min, max));
        break;
      }
      case 'number': {
        const min = schema.minimum ?? -1e9;
        const max = schema.maximum ?? 1e9;
        arb = fc.oneof(
          fc.double({ min, max, noNaN: true, noDefaultInfinity: true }),
          fc.integer({ min: Math.ceil(min), max: Math.floor(max) }),
          fc.constantFrom(min, max),
        );
        break;
      }
      case 'boolean':
        arb = fc.boolean();
        break;
      case 'array':
        arb = fc.array(schema.items ? validValue(schema.items, hints, name) : fc.jsonValue({ maxDepth: 1 }), {
          minLength: schema.minItems ?? 0,
          maxLength: Math.min(schema.maxItems ?? 8, 8),
        });
        break;
      case 'object':
        arb = objectValue(schema, hints);
        break;
      default:
        arb = fc.jsonValue({ maxDepth: 2 });
    }
  }
  return schema.nullable ? fc.option(arb, { nil: null, freq: 6 }) : arb;
}

function stringValue(schema: JsonSchema, hints: FuzzHints, name: string): fc.Arbitrary<string> {
  const min = schema.minLength ?? 0;
  const max = schema.maxLength ?? Number.POSITIVE_INFINITY;
  const fits = (s: string) => s.length >= min && s.length <= max;
  const real = hints.byName?.[name] ?? [];
  const cap = Math.max(min, Math.min(max, MAX_GENERATED_STRING));
  const options: fc.Arbitrary<string>[] = [];
  if (schema.pattern) {
    options.push(fc.stringMatching(new RegExp(schema.pattern)).filter(fits));
  } else {
    options.push(
      fc.string({ minLength: min, maxLength: cap }),
      fc.string({ unit: 'grapheme', minLength: min, maxLength: cap }),
    );
    const tricky = TRICKY_STRINGS.filter(fits);
    if (tricky.length > 0) options.push(fc.constantFrom(...tricky));
  }
  const usable = real.filter(fits);
  if (usable.length > 0) options.push(fc.constantFrom(...usable), fc.constantFrom(...usable));
  return fc.oneof(...options);
}

function objectValue(schema: JsonSchema, hints: FuzzHints): fc.Arbitrary<Record<string, unknown>> {
  const props = schema.properties ?? {};
  const model = Object.fromEntries(
    Object.entries(props).map(([key, s]) => [key, validValue(s, hints, key)]),
  ) as Record<string, fc.Arbitrary<unknown>>;
  return fc.record(model, {
    requiredKeys: (schema.required ?? []).filter((k) => k in props),
  }) as fc.Arbitrary<Record<string, unknown>>;
}

function deepArray(depth: number): unknown {
  let value: unknown = [];
  for (let i = 0; i < depth; i++) value = [value];
  return value;
}

/** A value of the wrong kind for almost any field. */
export function wrongValue(): fc.Arbitrary<unknown> {
  return fc.oneof(
    fc.constant(null),
    fc.boolean(),
    fc.integer(),
    fc.constantFrom(...EXTREME_NUMBERS),
    fc.constantFrom(...NUMERIC_STRINGS),
    fc.string({ unit: 'binary', maxLength: 40 }),
    fc.string({ unit: 'grapheme', maxLength: 40 }),
    fc.constantFrom(...TRICKY_STRINGS),
    fc.integer({ min: 1_000, max: 300_000 }).map((n) => 'ç'.repeat(n)),
    fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 4 }),
    fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 }),
    fc.integer({ min: 50, max: 3_000 }).map(deepArray),
  );
}

const RAW_NUMBERS = [
  '-0',
  '1e400',
  '-1e400',
  '1e308',
  '4e-400',
  '123456789012345678901234567890',
  '1E2',
  '0.1e1',
];
const BROKEN_JSON = [
  '{',
  '{"a":',
  '{"a":1,}',
  "{'a':1}",
  'undefined',
  'NaN',
  '{"a":NaN}',
  '{"a":Infinity}',
  '{"a":"\\ud800"}',
  '{"a":"\\u0000"}',
  '{"a":"\\x41"}',
  'null',
  '[]',
  '""',
  '0',
  'true',
  '{"a":1}{"b":2}',
  '\ufeff{}',
  '{"a":1}\u0000',
  '\u0000',
];
const CONTENT_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'application/xml',
  'application/json; charset=latin1',
  'application/json; charset=utf-16',
  'multipart/form-data; boundary=x',
  'application/vnd.api+json',
  'application/json, text/plain',
];

/** Bodies for an operation whose JSON body has `schema`: valid, broken, anything, raw. */
export function bodyArbitrary(schema: JsonSchema, hints: FuzzHints = {}): fc.Arbitrary<Payload> {
  const valid = validValue(schema, hints);
  const asObject = valid.map((v) =>
    v && typeof v === 'object' && !Array.isArray(v) ? v : {},
  ) as fc.Arbitrary<Record<string, unknown>>;
  const keys = Object.keys(schema.properties ?? {});
  const required = schema.required ?? [];
  const json = (value: unknown): Payload => printable({ kind: 'json', value });
  const raw = (text: string, what: string, contentType = 'application/json'): Payload =>
    printable({ kind: 'raw', text, contentType, what });

  const anyKey = keys.length > 0 ? fc.constantFrom(...keys) : fc.string({ maxLength: 8 });
  const mutated: fc.Arbitrary<Payload>[] = [
    // One field of the wrong kind.
    fc.tuple(asObject, anyKey, wrongValue()).map(([o, k, v]) => json({ ...o, [k]: v })),
    // Every field null.
    fc.constant(json(Object.fromEntries(keys.map((k) => [k, null])))),
    // Unknown fields beside the known ones.
    fc
      .tuple(
        asObject,
        fc.dictionary(fc.string({ minLength: 1, maxLength: 12 }), wrongValue(), { maxKeys: 4 }),
      )
      .map(([o, extra]) => json({ ...extra, ...o })),
    // A body that is not an object at all.
    fc.anything().map(json),
    fc.jsonValue().map(json),
  ];
  if (required.length > 0) {
    mutated.push(
      fc.tuple(asObject, fc.constantFrom(...required)).map(([o, k]) => {
        const { [k]: _dropped, ...rest } = o;
        return json(rest);
      }),
    );
  }

  const rawBodies: fc.Arbitrary<Payload>[] = [
    // A number literal JSON.stringify would never write, in a field.
    fc
      .tuple(asObject, anyKey, fc.constantFrom(...RAW_NUMBERS))
      .map(([o, k, n]) =>
        raw(JSON.stringify({ ...o, [k]: '§N§' }).replace('"§N§"', n), `número literal ${n} em ${k}`),
      ),
    // Deep nesting, at the top and in a field.
    fc
      .integer({ min: 1_000, max: 200_000 })
      .map((n) => raw(`${'['.repeat(n)}${']'.repeat(n)}`, `${n} colchetes aninhados`)),
    fc
      .tuple(anyKey, fc.integer({ min: 1_000, max: 100_000 }))
      .map(([k, n]) =>
        raw(`{${JSON.stringify(k)}:${'{"a":'.repeat(n)}1${'}'.repeat(n)}}`, `${n} objetos aninhados em ${k}`),
      ),
    // Not JSON.
    fc.constantFrom(...BROKEN_JSON).map((text) => raw(text, 'JSON quebrado')),
    // Valid JSON under another content type.
    fc
      .tuple(asObject, fc.constantFrom(...CONTENT_TYPES))
      .map(([o, type]) => raw(JSON.stringify(o), `corpo como ${type}`, type)),
    // Prototype pollution.
    asObject.map((o) => {
      const inner = JSON.stringify(o).slice(1, -1);
      const pollution =
        '"__proto__":{"tipo":"admin","isAdmin":true,"polluted":1},"constructor":{"prototype":{"polluted":1}}';
      return raw(`{${pollution}${inner ? `,${inner}` : ''}}`, '__proto__ e constructor.prototype');
    }),
  ];

  return fc.oneof(
    { weight: 6, arbitrary: valid.map(json) },
    { weight: 8, arbitrary: fc.oneof(...mutated) },
    { weight: 4, arbitrary: fc.oneof(...rawBodies) },
    // Over the 1 MB body limit, rarely (it is slow to build).
    { weight: 1, arbitrary: asObject.map((o) => json({ ...o, enorme: 'x'.repeat(1024 * 1024 + 10) })) },
  );
}

/** Percent-encodes every byte of the string's UTF-8 form that is not unreserved (never throws). */
export function encode(value: string): string {
  let out = '';
  for (const byte of Buffer.from(value, 'utf8')) {
    const c = String.fromCharCode(byte);
    out += /[A-Za-z0-9\-._~]/.test(c) ? c : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

function junkString(): fc.Arbitrary<string> {
  return fc.oneof(
    fc.constantFrom(...NUMERIC_STRINGS, ...TRICKY_STRINGS, '-1', '0', '99999999999999999999', '1.5'),
    fc.string({ unit: 'binary', maxLength: 30 }),
    fc.string({ unit: 'grapheme', maxLength: 30 }),
    fc.integer({ min: 200, max: 5_000 }).map((n) => 'x'.repeat(n)),
  );
}

const RAW_QUERY_BITS = [
  '%',
  '%G0',
  '%FF',
  '%E0%A4%A',
  '%00',
  '%C0%AF',
  'a=%uD800',
  '&&&',
  '=',
  '==',
  '__proto__[tipo]=admin',
  'constructor[prototype][polluted]=1',
  'pagina[]=1',
  'busca[$ne]=1',
];

/** A query string (with its leading '?', or '') for these parameters: valid, junk, repeated, raw. */
export function queryArbitrary(params: Parameter[], hints: FuzzHints = {}): fc.Arbitrary<string> {
  const one = (p: Parameter) =>
    fc
      .option(
        fc.oneof(
          { weight: 3, arbitrary: validValue(p.schema, hints, p.name).map((v) => String(v)) },
          { weight: 2, arbitrary: junkString() },
        ),
        { nil: undefined, freq: 3 },
      )
      .map((v) => (v === undefined ? [] : [`${encode(p.name)}=${encode(v)}`]));
  return fc
    .tuple(
      fc.tuple(...params.map(one)).map((parts) => parts.flat()),
      // The same parameter twice (becomes an array).
      params.length > 0
        ? fc.option(
            fc
              .tuple(fc.constantFrom(...params.map((p) => p.name)), junkString(), junkString())
              .map(([n, a, b]) => [`${encode(n)}=${encode(a)}`, `${encode(n)}=${encode(b)}`]),
            { nil: [] as string[] },
          )
        : fc.constant([] as string[]),
      fc.array(
        fc
          .tuple(fc.string({ minLength: 1, maxLength: 10 }), junkString())
          .map(([k, v]) => `${encode(k)}=${encode(v)}`),
        { maxLength: 2 },
      ),
      fc.option(fc.constantFrom(...RAW_QUERY_BITS), { nil: undefined }),
    )
    .map(([known, twice, extra, rawBit]) => {
      const parts = [...known, ...twice, ...extra, ...(rawBit ? [rawBit] : [])];
      return parts.length > 0 ? `?${parts.join('&')}` : '';
    });
}

/** A path segment for a string parameter, already encoded: valid-looking, junk, or raw tricks. */
export function pathSegmentArbitrary(
  schema: JsonSchema,
  hints: FuzzHints = {},
  name = '',
): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 2, arbitrary: validValue(schema, hints, name).map((v) => encode(String(v))) },
    { weight: 3, arbitrary: junkString().map(encode) },
    {
      weight: 2,
      arbitrary: fc.constantFrom(
        '..',
        '%2e%2e',
        '%2F',
        '..%2F..%2Fetc%2Fpasswd',
        '%00',
        '%FF',
        '%E0%A4%A',
        '%',
        '%20',
        'a'.repeat(201),
        'a'.repeat(5_000),
        '00000000-0000-0000-0000-000000000000',
        'ffffffff-ffff-ffff-ffff-ffffffffffff',
      ),
    },
  );
}

/** The payload in a line, for failure messages (shrunk by fast-check before it is printed). */
export function describePayload(p: Payload): string {
  const cut = (s: string) => (s.length > 600 ? `${s.slice(0, 600)}… (${s.length} caracteres)` : s);
  if (p.kind === 'raw') return `${p.what} [${p.contentType}]: ${cut(JSON.stringify(p.text))}`;
  let text: string;
  try {
    text = JSON.stringify(p.value) ?? String(p.value);
  } catch {
    text = String(p.value);
  }
  return `JSON: ${cut(text)}`;
}

/** The bytes and content type to send for a payload. */
export function payloadToRequest(p: Payload): { payload: string; contentType: string } {
  if (p.kind === 'raw') return { payload: p.text, contentType: p.contentType };
  // JSON.stringify(undefined) is undefined: such a body is sent empty.
  return { payload: JSON.stringify(p.value) ?? '', contentType: 'application/json' };
}

import fc from 'fast-check';

/** Strings a careless parser chokes on: unicode edge cases, injections, number look-alikes, huge. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({
    unit: fc.integer({ min: 0xd800, max: 0xdfff }).map((code) => String.fromCharCode(code)),
    minLength: 1,
    maxLength: 4,
  }),
  fc.constantFrom(
    '',
    ' ',
    '\u202eevil.exe',
    'مرحبا بالعالم',
    'a\u200bb\u200c\u200d',
    '\ufeff',
    '\u0000',
    'e\u0301\u0301\u0301',
    '👨‍👩‍👧‍👦',
    '\ud800',
    '\udfff',
    'x\ud83d',
    '__proto__',
    'constructor',
    'prototype',
    "' OR 1=1 --",
    "'; DROP TABLE orders; --",
    '../../etc/passwd',
    '<script>alert(1)</script>',
    '%00',
    ['$', '{7*7}'].join(''), // a template-injection probe
    'NaN',
    'Infinity',
    '-Infinity',
    '1e309',
    '-1',
    '0.5',
    '-0',
    '1e3',
    '0x1F',
  ),
  fc.integer({ min: 300, max: 300_000 }).map((length) => 'x'.repeat(length)),
);

/** Number literals, some valid JSON (negative, fractional, exponent, huge) and some not (NaN). */
export const hostileNumberText: fc.Arbitrary<string> = fc.oneof(
  fc.double({ noNaN: true, noDefaultInfinity: true }).map((n) => JSON.stringify(n)),
  fc.integer().map(String),
  fc.constantFrom(
    '-1',
    '0',
    '-0',
    '0.5',
    '1.5',
    '-0.0001',
    '1e3',
    '1e309',
    '-1e309',
    '1e-400',
    '9007199254740993',
    'NaN',
    'Infinity',
    '-Infinity',
    '0x10',
    '01',
  ),
  fc.constantFrom('NaN', 'Infinity', '-1', '0.5', '1e3', '1e309', '').map((s) => JSON.stringify(s)),
);

export const pollutionKeys = ['__proto__', 'constructor', 'prototype'] as const;

export const hostileKey: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...pollutionKeys, 'isAdmin', 'toString', 'hasOwnProperty', 'valueOf', ''),
  fc.string({ maxLength: 12 }),
);

/** JSON text (sometimes deliberately not quite JSON) of any shape, with hostile keys and leaves. */
export const hostileJsonText: fc.Arbitrary<string> = fc.letrec<{
  value: string;
  array: string;
  object: string;
}>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    hostileString.map((s) => JSON.stringify(s)),
    hostileNumberText,
    fc.constantFrom('true', 'false', 'null'),
    tie('array'),
    tie('object'),
  ),
  array: fc.array(tie('value'), { maxLength: 4 }).map((items) => `[${items.join(',')}]`),
  object: fc
    .array(fc.tuple(hostileKey, tie('value')), { maxLength: 5 })
    .map((entries) => `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${v}`).join(',')}}`),
})).value;

/** Bodies no JSON parser should accept quietly, or that are too deep or too big. */
export const malformedBodies: fc.Arbitrary<string> = fc.oneof(
  fc.string({ maxLength: 60 }),
  fc.constantFrom(
    '',
    '{',
    '{"a":1,}',
    "{'a':1}",
    '[1,2',
    'null',
    '"just a string"',
    '12',
    'NaN',
    '{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"isAdmin":true}}}',
    `${'['.repeat(20_000)}${']'.repeat(20_000)}`,
    `${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`,
    JSON.stringify({ huge: 'x'.repeat(1024 * 1024 + 10) }),
  ),
);

const HOLE = '\u0000HOLE\u0000';

/** Every path to a value inside a JSON object, as key lists. */
function leafPaths(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  if (Array.isArray(value)) {
    return [prefix, ...value.flatMap((item, index) => leafPaths(item, [...prefix, index]))];
  }
  if (value !== null && typeof value === 'object') {
    return [prefix, ...Object.entries(value).flatMap(([key, item]) => leafPaths(item, [...prefix, key]))];
  }
  return [prefix];
}

function withHole(value: unknown, path: (string | number)[]): unknown {
  if (path.length === 0) return HOLE;
  const [head, ...rest] = path;
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<
    string | number,
    unknown
  >;
  copy[head!] = withHole(copy[head!], rest);
  return copy;
}

/**
 * A valid body with one value replaced by hostile JSON, one extra hostile key, or a
 * prototype-pollution attempt: these get past the first checks and reach the handler.
 */
export function mutatedBody(valid: Record<string, unknown>): fc.Arbitrary<string> {
  const paths = leafPaths(valid).filter((p) => p.length > 0);
  const replaced = fc
    .tuple(
      fc.constantFrom(...(paths.length ? paths : [['x']])),
      // Right type, wrong content reaches the handler; any JSON tests the validation.
      fc.oneof(
        hostileString.map((s) => JSON.stringify(s)),
        hostileNumberText,
        hostileJsonText,
      ),
    )
    .map(([path, hostile]) => JSON.stringify(withHole(valid, path)).replace(JSON.stringify(HOLE), hostile));
  const added = fc
    .tuple(hostileKey, hostileJsonText)
    .map(([key, hostile]) => `${JSON.stringify(valid).slice(0, -1)},${JSON.stringify(key)}:${hostile}}`);
  const polluted = fc
    .constantFrom(...pollutionKeys)
    .map(
      (key) =>
        `{${JSON.stringify(key)}:{"isAdmin":true,"prototype":{"isAdmin":true}},${JSON.stringify(valid).slice(1)}`,
    );
  return paths.length === 0 ? fc.oneof(added, polluted) : fc.oneof(replaced, added, polluted);
}

/** encodeURIComponent that also encodes lone surrogates (as invalid UTF-8, itself hostile). */
export function encodeHostile(text: string): string {
  return [...text]
    .map((char) => {
      try {
        return encodeURIComponent(char);
      } catch {
        return '%ED%A0%80';
      }
    })
    .join('');
}

export const hostilePathSegment: fc.Arbitrary<string> = fc.oneof(
  hostileString.filter((s) => s.length > 0 && s.length < 5000).map(encodeHostile),
  fc.constantFrom(
    '%',
    '%00',
    '..%2F..%2Fetc%2Fpasswd',
    '%2e%2e',
    '%E0%A4%A',
    'a%2Fb',
    '__proto__',
    '-1',
    '1e309',
  ),
);

export const hostileQuery: fc.Arbitrary<string> = fc.oneof(
  fc
    .array(
      fc.tuple(
        fc.oneof(
          hostileKey,
          fc.constantFrom(
            'minPrice',
            'maxPrice',
            'limit',
            'offset',
            'sort',
            'size',
            'search',
            'category',
            'id',
          ),
        ),
        hostileString.filter((s) => s.length < 5000),
      ),
      { maxLength: 4 },
    )
    .map((pairs) =>
      pairs.length === 0
        ? ''
        : `?${pairs.map(([k, v]) => `${encodeHostile(k)}=${encodeHostile(v)}`).join('&')}`,
    ),
  fc.constantFrom(
    '?%',
    '?a=%E0%A4%A',
    '?__proto__[isAdmin]=1&constructor[prototype][isAdmin]=1',
    '?minPrice=NaN&maxPrice=1e309&limit=-1&offset=0.5',
    '?minPrice=Infinity&maxPrice=-Infinity&limit=1e3&offset=1e400',
    '?sort=price&sort=newest&limit=1&limit=2',
    '?limit=0x10&offset=-0',
    `?search=${'x'.repeat(10_000)}`,
  ),
);

const latin1Printable = fc.string({
  unit: fc
    .integer({ min: 0x20, max: 0xff })
    .filter((c) => c < 0x7f || c > 0x9f)
    .map((c) => String.fromCharCode(c)),
  maxLength: 200,
});

export const hostileHeaderValue: fc.Arbitrary<string> = fc.oneof(
  latin1Printable,
  fc.constantFrom(
    '',
    'Bearer',
    'Bearer ',
    'Bearer a.b.c',
    'Basic YWRtaW46YWRtaW4=',
    'bearer null',
    'NaN',
    '-1',
    'x'.repeat(8000),
  ),
);

export const hostileContentType: fc.Arbitrary<string> = fc.constantFrom(
  'application/json',
  'application/json; charset=utf-16',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=xyz',
  'application/xml',
  'application/json; boundary=--',
  '*/*',
);

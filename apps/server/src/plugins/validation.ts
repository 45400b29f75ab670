/**
 * Request validation: bodies are checked strictly (a number sent as a string is a 400), while
 * params and query strings, which are always text on the wire, are coerced to their declared types.
 *
 * Before that, one pass over every body, param and query value refuses control characters (NUL and the
 * like never reach the database), and failures are turned into sentences a shop owner can read, since
 * the apps show the server's message as it is.
 */
import fp from 'fastify-plugin';
import { Ajv, type ErrorObject, type Options } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { IMAGE_DATA_URL_PATTERN } from '@shop/domain/images';
import { badRequest } from '../lib/http-errors.js';

// ajv-formats is CommonJS; under NodeNext its function arrives as `.default` of the module.
type AddFormats = (ajv: Ajv) => Ajv;
const addFormats: AddFormats =
  (addFormatsModule as unknown as { default?: AddFormats }).default ?? (addFormatsModule as unknown as AddFormats);

/** The keyword `withCanonicalIds` puts beside every `format: 'uuid'`. */
const CANONICAL_UUID = 'x-canonical-uuid';

/**
 * An id in the form the database gives it out: lower case, without a `urn:uuid:` prefix (which the uuid format
 * accepts and PostgreSQL does not). PostgreSQL compares UUIDs without case, but JavaScript compares strings with
 * it: a guard like "not your own id" must see the same string for `ABC...` and `abc...`.
 */
function canonicalUuid(value: string): string {
  return value.toLowerCase().replace(/^urn:uuid:/, '');
}

function makeAjv(coerceTypes: Options['coerceTypes']): Ajv {
  // multipleOfPrecision: without it 19.99 is not a "multipleOf 0.01" in floating point and a valid price is refused.
  const ajv = new Ajv({ coerceTypes, removeAdditional: true, useDefaults: true, allErrors: false, strict: false, multipleOfPrecision: 6 });
  addFormats(ajv);
  ajv.addKeyword({
    keyword: CANONICAL_UUID,
    type: 'string',
    modifying: true,
    errors: false,
    validate: (_enabled: unknown, data: string, _schema: unknown, where?: { parentData: unknown; parentDataProperty: string | number }) => {
      if (where && where.parentData !== null && typeof where.parentData === 'object') {
        (where.parentData as Record<string | number, unknown>)[where.parentDataProperty] = canonicalUuid(data);
      }
      return true;
    },
  });
  return ajv;
}

/**
 * A copy of `schema` that also makes every uuid it validates canonical (see canonicalUuid), in params, query and body
 * alike: one place, so no route compares ids in two letter cases.
 */
function withCanonicalIds(schema: unknown, depth = 0): unknown {
  if (schema === null || typeof schema !== 'object' || depth > 40) return schema;
  if (Array.isArray(schema)) return schema.map((item) => withCanonicalIds(item, depth + 1));
  const copy: Record<string | symbol, unknown> = { ...(schema as Record<string | symbol, unknown>) };
  for (const key of Object.keys(copy)) copy[key] = withCanonicalIds(copy[key], depth + 1);
  if (copy.format === 'uuid' && copy.type === 'string') copy[CANONICAL_UUID] = true;
  return copy;
}

/**
 * Fields whose text may span lines (newline, carriage return and tab allowed); every other text is one line.
 * `image` is a data URL whose base64 may be wrapped; a search `query` is free text the search tidies itself.
 */
// A product's `contents` is rich text whose HTML keeps its line breaks (the demo products' do); a review's `body` and
// the shop's `reply` are paragraphs.
const MULTILINE_FIELDS = new Set(['address', 'message', 'content', 'contents', 'description', 'shortdesc', 'image', 'query', 'body', 'reply']);
// eslint-disable-next-line no-control-regex -- C0 controls, DEL and C1 controls. Newline, carriage return and tab are checked separately below.
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
const LINE_BREAK_OR_TAB = /[\n\r\t]/;
/** Nesting deeper than any request of the shop needs; deeper bodies are refused rather than walked. */
const MAX_DEPTH = 32;

/** Names that read oddly when only split into words. */
const FIELD_LABELS: Record<string, string> = {
  _id: 'Id',
  cart_quantity: 'Quantity',
  shortdesc: 'Short description',
  ph_verified: 'Phone verified',
  secret_key: 'Secret key',
  razorpay_signature: 'Payment signature',
  old_image: 'Previous image',
  q: 'Search text',
};

/** "shippingStatus" -> "Shipping status", "order_id" -> "Order id". */
function fieldLabel(name: string): string {
  const known = FIELD_LABELS[name];
  if (known) return known;
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words ? words[0]!.toUpperCase() + words.slice(1) : 'A value';
}

/** The field an error is about: the last named segment of its path ("/cart/2/_id" -> "_id"). */
function lastField(path: string): string | undefined {
  const parts = path.split('/').filter((p) => p !== '' && !/^\d+$/.test(p));
  const last = parts.at(-1);
  return last?.replace(/~1/g, '/').replace(/~0/g, '~');
}

const TYPE_WORDS: Record<string, string> = {
  string: 'text',
  number: 'a number',
  integer: 'a whole number',
  boolean: 'true or false',
  array: 'a list',
  object: 'a group of fields',
  null: 'empty',
};

const FORMAT_WORDS: Record<string, string> = {
  email: 'must be a valid email address',
  uuid: 'is not a valid id',
  'date-time': 'must be a date and time',
  date: 'must be a date',
  uri: 'must be a web address',
};

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/** One ajv error as a sentence that names the field. */
function describeValidationError(error: ErrorObject, context?: string): string {
  const params = error.params as Record<string, unknown>;
  const fieldName = error.keyword === 'required' ? String(params.missingProperty) : lastField(error.instancePath);
  if (!fieldName) {
    if (error.keyword === 'type') {
      if (context === 'body') return 'The request body must be a JSON object';
      return 'The request is missing its details';
    }
  }
  const label = fieldLabel(fieldName ?? '');
  switch (error.keyword) {
    case 'required':
      return `${label} is required`;
    case 'type': {
      const types = String(params.type).split(',').map((t) => TYPE_WORDS[t] ?? t);
      return `${label} must be ${types.join(' or ')}`;
    }
    case 'format':
      return `${label} ${FORMAT_WORDS[String(params.format)] ?? 'is not in the right form'}`;
    case 'minLength':
      return Number(params.limit) <= 1 ? `${label} must not be empty` : `${label} must have at least ${plural(Number(params.limit), 'character')}`;
    case 'maxLength':
      if (fieldName === 'image') return `Image is too large (at most ${Math.floor((Number(params.limit) * 3) / 4 / 1024 / 1024)} MB)`;
      return `${label} must have at most ${plural(Number(params.limit), 'character')}`;
    case 'minimum':
      return `${label} must be at least ${String(params.limit)}`;
    case 'maximum':
      return `${label} must be at most ${String(params.limit)}`;
    case 'exclusiveMinimum':
      return `${label} must be more than ${String(params.limit)}`;
    case 'exclusiveMaximum':
      return `${label} must be less than ${String(params.limit)}`;
    case 'multipleOf': {
      const step = Number(params.multipleOf);
      if (step === 0.01) return `${label} can have at most 2 decimal places`;
      if (step === 1) return `${label} must be a whole number`;
      return `${label} must be a multiple of ${step}`;
    }
    case 'minItems':
      return `${label} must have at least ${plural(Number(params.limit), 'item')}`;
    case 'maxItems':
      return `${label} can have at most ${plural(Number(params.limit), 'item')}`;
    case 'minProperties':
    case 'maxProperties':
    case 'additionalProperties':
      return `${label} has fields that are not allowed`;
    case 'enum':
      return `${label} must be one of: ${(params.allowedValues as unknown[]).map(String).join(', ')}`;
    case 'const':
      return `${label} must be ${String(params.allowedValue)}`;
    case 'anyOf':
    case 'oneOf':
      return `${label} is not one of the allowed values`;
    case 'pattern':
      if (fieldName === 'image') return 'Image must be a picture file (PNG, JPEG, WebP or GIF)';
      return `${label} is not in the right form`;
    default:
      return `${label} is not valid`;
  }
}

/** Fastify's `err.validation` (the first failure, since allErrors is off) as one readable message. */
export function describeValidation(errors: readonly ErrorObject[] | undefined, context?: string): string {
  const first = errors?.[0];
  return first ? describeValidationError(first, context) : 'The request is not valid';
}

/**
 * Why `value` cannot be taken as it is: the field (or key) carrying a control character, or nesting too deep
 * to be a real request of the shop; `undefined` when clean. Keys are checked too ("a\u0000b": 1 is as bad
 * as a bad value).
 */
function findBadText(value: unknown, field = '', depth = 0): string | undefined {
  if (typeof value === 'string') {
    if (CONTROL.test(value) || (!MULTILINE_FIELDS.has(field) && LINE_BREAK_OR_TAB.test(value))) {
      return field ? `${fieldLabel(field)} contains characters that are not allowed` : 'The request contains characters that are not allowed';
    }
    return undefined;
  }
  if (value === null || typeof value !== 'object') return undefined;
  if (depth > MAX_DEPTH) return 'The request is nested too deeply';
  if (Array.isArray(value)) {
    for (const item of value) {
      const bad = findBadText(item, field, depth + 1);
      if (bad !== undefined) return bad;
    }
    return undefined;
  }
  for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
    if (CONTROL.test(key) || LINE_BREAK_OR_TAB.test(key)) return 'The request contains a field name that is not allowed';
    const bad = findBadText(item, key, depth + 1);
    if (bad !== undefined) return bad;
  }
  return undefined;
}

/** Whether a body schema has an image data URL anywhere in it (those routes get the larger body limit). */
export function takesImage(schema: unknown, depth = 0): boolean {
  if (!schema || typeof schema !== 'object' || depth > 10) return false;
  if ((schema as { pattern?: unknown }).pattern === IMAGE_DATA_URL_PATTERN) return true;
  return Object.values(schema as Record<string, unknown>).some((child) => takesImage(child, depth + 1));
}

export default fp(
  async (app) => {
    const strict = makeAjv(false);
    const coercing = makeAjv('array');
    app.setValidatorCompiler(({ schema, httpPart }) => {
      const canonical = withCanonicalIds(schema) as object;
      return httpPart === 'body' ? strict.compile(canonical) : coercing.compile(canonical);
    });

    // Runs on every route before schema validation, so no route can forget it.
    // A callback hook, not an async one: a promise per request is measurable on a cached read.
    app.addHook('preValidation', (request, _reply, done) => {
      const bad = findBadText(request.params) ?? findBadText(request.query) ?? findBadText(request.body);
      done(bad === undefined ? undefined : badRequest(bad));
    });
  },
  { name: 'validation' },
);

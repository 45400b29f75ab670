/**
 * Request validation: bodies are checked strictly (a number sent as a string is a 400), while
 * params and query strings, which are always text on the wire, are coerced to their declared types.
 */
import fp from 'fastify-plugin';
import { Ajv, type Options } from 'ajv';
import addFormatsModule from 'ajv-formats';

// ajv-formats is CommonJS; under NodeNext its function arrives as `.default` of the module.
type AddFormats = (ajv: Ajv) => Ajv;
const addFormats: AddFormats =
  (addFormatsModule as unknown as { default?: AddFormats }).default ?? (addFormatsModule as unknown as AddFormats);

function makeAjv(coerceTypes: Options['coerceTypes']): Ajv {
  // multipleOfPrecision: without it 19.99 is not a "multipleOf 0.01" in floating point and a valid price is refused.
  const ajv = new Ajv({ coerceTypes, removeAdditional: true, useDefaults: true, allErrors: false, strict: false, multipleOfPrecision: 6 });
  addFormats(ajv);
  return ajv;
}

export default fp(
  async (app) => {
    const strict = makeAjv(false);
    const coercing = makeAjv('array');
    app.setValidatorCompiler(({ schema, httpPart }) =>
      httpPart === 'body' ? strict.compile(schema) : coercing.compile(schema),
    );
  },
  { name: 'validation' },
);

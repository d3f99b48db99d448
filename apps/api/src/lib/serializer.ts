import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { createSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type JsonSchema = Record<string, unknown>;

/** fastify-type-provider-zod's own serializer: zod checks the answer, then JSON.stringify. */
const zodSerializer = createSerializerCompiler({});

/**
 * Response serializers (ADR 049). A route's response schema that JSON Schema can express (every DTO of ours: objects,
 * arrays, strings, numbers, enums, nullables) is compiled once with fast-json-stringify, which writes only the
 * properties the schema names (a column added to a query never leaks) and fails on a missing required one. Schemas
 * it cannot express (a transform, a Date) keep zod's check + JSON.stringify.
 *
 * Outside production zod also checks every answer against its schema before it is written, so the test suites
 * still fail on an answer that drifts from its contract (a wrong enum value, a number where a string belongs).
 */
export function responseSerializerCompiler(opts: { checkWithZod: boolean }): FastifySerializerCompiler<z.ZodType> {
  return (route) => {
    const { schema } = route;
    const compiled = schema instanceof z.ZodType ? compileFast(schema) : undefined;
    if (!compiled) return zodSerializer(route);
    if (!opts.checkWithZod) return compiled;
    const check = zodSerializer(route);
    return (data) => {
      check(data); // throws ResponseSerializationError, as zod alone would
      return compiled(data);
    };
  };
}

/** One compiled serializer per schema object: every route shares the error envelope's. */
const compiledFor = new WeakMap<z.ZodType, ((data: unknown) => string) | undefined>();

/** fast-json-stringify for a zod schema, or undefined when JSON Schema (or fast-json-stringify) cannot express it. */
export function compileFast(schema: z.ZodType): ((data: unknown) => string) | undefined {
  if (compiledFor.has(schema)) return compiledFor.get(schema);
  const compiled = compileUncached(schema);
  compiledFor.set(schema, compiled);
  return compiled;
}

function compileUncached(schema: z.ZodType): ((data: unknown) => string) | undefined {
  let json: JsonSchema;
  try {
    json = z.toJSONSchema(schema, { io: 'output', target: 'draft-7', unrepresentable: 'throw' }) as JsonSchema;
  } catch {
    return undefined;
  }
  delete json.$schema;
  try {
    return fastJson(forFastJson(json) as Parameters<typeof fastJson>[0]);
  } catch {
    return undefined;
  }
}

/**
 * zod's JSON Schema, adjusted for fast-json-stringify without changing what it writes:
 * - `additionalProperties: false` goes: fast-json-stringify writes only the named properties either way, but it picks
 *   an anyOf branch by validating the value, and an extra property (which zod strips) would then match no branch;
 * - zod writes `.nullable()` as `anyOf: [X, { type: 'null' }]`, which fast-json-stringify answers by validating the
 *   value against each branch; when X is one plain type, `type: [X, 'null']` says the same and is written directly.
 */
export function forFastJson(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(forFastJson);
  if (!node || typeof node !== 'object') return node;
  const out: JsonSchema = {};
  for (const [k, v] of Object.entries(node)) {
    if (k === 'additionalProperties' && v === false) continue;
    out[k] = forFastJson(v);
  }
  const anyOf = out.anyOf;
  if (Array.isArray(anyOf) && anyOf.length === 2) {
    const isNull = (s: unknown) => !!s && typeof s === 'object' && Object.keys(s).length === 1 && (s as JsonSchema).type === 'null';
    const other = (isNull(anyOf[0]) ? anyOf[1] : isNull(anyOf[1]) ? anyOf[0] : undefined) as JsonSchema | undefined;
    const plain =
      other && typeof other.type === 'string' && other.type !== 'null' && !('anyOf' in other) && !('oneOf' in other) && !('allOf' in other);
    if (other && plain) {
      const { anyOf: _drop, ...rest } = out;
      return { ...rest, ...other, type: [other.type, 'null'] };
    }
  }
  return out;
}

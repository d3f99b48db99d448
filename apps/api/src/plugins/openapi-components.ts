/**
 * The OpenAPI document's shared components (ADR 069). Schemas registered with zod's `.meta({ id })` (the error
 * envelope, the DTOs several routes answer) are written once by fastify-type-provider-zod and referenced with `$ref`;
 * this finishes the job:
 * - an error answer (a route's 4xx/5xx whose body is an error envelope and nothing else) becomes a `$ref` to one
 *   shared response, so each route's list of error statuses is one line per status in the web's generated types;
 * - the library writes every registered schema twice, as `X` (what the API answers) and `XInput` (what it accepts),
 *   used or not: only the components the paths reach, directly or through other components, are kept.
 */

type Json = unknown;
interface Doc {
  paths?: Record<string, Record<string, Json>>;
  components?: { schemas?: Record<string, Json>; responses?: Record<string, Json> };
}

const SCHEMAS = '#/components/schemas/';
const RESPONSES = '#/components/responses/';
/** Schemas whose answers are shared responses: the error envelopes (their ids end so). */
const ENVELOPE = /ErrorEnvelope$/;

export function sharedComponents<T extends object>(doc: T): T {
  return usedSchemasOnly(sharedErrorResponses(doc as Doc)) as T;
}

/** Replaces each plain error answer (an envelope schema, fastify's default description, no headers) with a `$ref`. */
function sharedErrorResponses(doc: Doc): Doc {
  const responses: Record<string, Json> = { ...doc.components?.responses };
  const paths: Record<string, Record<string, Json>> = {};
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    paths[path] = Object.fromEntries(
      Object.entries(item).map(([method, op]) => {
        if (!op || typeof op !== 'object' || !('responses' in op)) return [method, op];
        const answers = Object.fromEntries(
          Object.entries(op.responses as Record<string, Json>).map(([status, answer]) => {
            const name = envelopeOf(answer);
            if (!name) return [status, answer];
            responses[name] ??= {
              description: 'Error: the envelope { sucesso: false, status, erro, mensagem, detalhes? }',
              content: { 'application/json': { schema: { $ref: SCHEMAS + name } } },
            };
            return [status, { $ref: RESPONSES + name }];
          }),
        );
        return [method, { ...op, responses: answers }];
      }),
    );
  }
  return { ...doc, paths, components: { ...doc.components, responses } };
}

function envelopeOf(answer: Json): string | null {
  if (!answer || typeof answer !== 'object') return null;
  const { description, content, ...rest } = answer as { description?: string; content?: Record<string, { schema?: { $ref?: string } }> };
  if (description !== 'Default Response' || Object.keys(rest).length > 0 || !content) return null;
  const types = Object.keys(content);
  const ref = content['application/json']?.schema;
  if (types.length !== 1 || !ref || Object.keys(ref).length !== 1 || !ref.$ref?.startsWith(SCHEMAS)) return null;
  const name = ref.$ref.slice(SCHEMAS.length);
  return ENVELOPE.test(name) ? name : null;
}

function collectRefs(node: Json, into: Set<string>): void {
  if (Array.isArray(node)) {
    for (const item of node) collectRefs(item, into);
  } else if (node && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string' && value.startsWith(SCHEMAS)) into.add(value.slice(SCHEMAS.length));
      else collectRefs(value, into);
    }
  }
}

/** Keeps the schemas the paths and the shared responses reach, following references between schemas. */
function usedSchemasOnly(doc: Doc): Doc {
  const schemas = doc.components?.schemas;
  if (!schemas) return doc;
  const used = new Set<string>();
  collectRefs([doc.paths, doc.components?.responses], used);
  const queue = [...used];
  while (queue.length > 0) {
    const found = new Set<string>();
    collectRefs(schemas[queue.pop()!], found);
    for (const name of found) {
      if (!used.has(name)) {
        used.add(name);
        queue.push(name);
      }
    }
  }
  const kept = Object.fromEntries(
    Object.keys(schemas)
      .filter((name) => used.has(name))
      .sort()
      .map((name) => [name, schemas[name]]),
  );
  return { ...doc, components: { ...doc.components, schemas: kept } };
}

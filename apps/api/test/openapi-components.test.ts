import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers';

type Node = Record<string, unknown>;

/** Every object schema written out in `node` (not a `$ref`), with where it is. */
function inlineObjects(node: unknown, at = ''): { at: string; props: string[] }[] {
  if (Array.isArray(node)) return node.flatMap((n, i) => inlineObjects(n, `${at}/${i}`));
  if (!node || typeof node !== 'object') return [];
  const own = 'properties' in node && node.properties ? [{ at, props: Object.keys(node.properties as Node) }] : [];
  return [...own, ...Object.entries(node).flatMap(([k, v]) => inlineObjects(v, `${at}/${k}`))];
}

/** Every `$ref` in `node`. */
function refs(node: unknown): string[] {
  if (Array.isArray(node)) return node.flatMap(refs);
  if (!node || typeof node !== 'object') return [];
  return Object.entries(node).flatMap(([k, v]) => (k === '$ref' && typeof v === 'string' ? [v] : refs(v)));
}

describe('OpenAPI shared components (ADR 069)', () => {
  let t: TestApp;
  let doc: { paths: Record<string, Record<string, { responses: Record<string, Node> }>>; components: Record<string, Node> };

  beforeAll(async () => {
    t = await createTestApp();
    doc = (await t.get('/api/docs/json')).json();
  });
  afterAll(() => t?.close());

  it('writes the error envelope once: every error answer refers to it', async () => {
    expect(doc.components.schemas).toHaveProperty('ErrorEnvelope');
    const envelopes = inlineObjects(doc.paths).filter(({ props }) => props.includes('sucesso') && props.includes('erro'));
    expect(envelopes).toEqual([]);
    const pix = doc.paths['/api/payments/pix/{txid}']!.get!.responses;
    expect(pix['404']).toEqual({ $ref: '#/components/responses/ErrorEnvelope' });
    expect(doc.components.responses).toHaveProperty('ErrorEnvelope.content.application/json.schema', {
      $ref: '#/components/schemas/ErrorEnvelope',
    });
  });

  it('refers to an entity several routes answer instead of repeating it', async () => {
    const pix = doc.paths['/api/payments/pix/{txid}']!.get!.responses['200'] as Node;
    expect(pix).toHaveProperty('content.application/json.schema', { $ref: '#/components/schemas/PixConteudo' });
    // The payments screen's summary holds the open Pix: a component referring to another.
    expect(refs(doc.paths['/api/payments/contracts/{nCtrId}'])).toContain('#/components/schemas/PaymentsSummary');
    expect(refs(doc.components.schemas!.PaymentsSummary)).toContain('#/components/schemas/PixConteudo');
  });

  it('keeps only components something refers to, and every reference resolves', async () => {
    const all = refs([doc.paths, doc.components]);
    const target = (ref: string) => ref.replace('#/components/', '').split('/') as [string, string];
    for (const ref of all) expect(doc.components[target(ref)[0]], ref).toHaveProperty([target(ref)[1]]);
    const used = new Set(all.map((r) => target(r).join('/')));
    for (const kind of ['schemas', 'responses']) {
      for (const name of Object.keys(doc.components[kind] ?? {})) expect(used, `${kind}/${name}`).toContain(`${kind}/${name}`);
    }
  });
});

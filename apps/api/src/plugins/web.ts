import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { existsSync } from 'node:fs';
import path from 'node:path';

/** Serves the built SPA; any non-API GET that is not a file falls back to index.html (history routing). */
export default fp(async (app, opts: { root: string }) => {
  const index = path.join(opts.root, 'index.html');
  const hasWeb = existsSync(index);
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: opts.root,
      wildcard: false,
      index: false,
      setHeaders: (res, filePath) => {
        res.header('cache-control', filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((req, reply) => {
    const isApi = req.url === '/api' || req.url.startsWith('/api/') || req.url.startsWith('/api?');
    if (!isApi && hasWeb && (req.method === 'GET' || req.method === 'HEAD')) {
      reply.header('cache-control', 'no-cache');
      return reply.sendFile('index.html');
    }
    return reply.code(404).send({ sucesso: false, status: 404, erro: 'NOT_FOUND', mensagem: 'Não encontrado.' });
  });
});

import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

export const WEB_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../web/dist');

const APP_ROOTS = ['/travel', '/pa', '/home'];

/**
 * Serves the built web app: hashed assets cached for a year, index.html never cached, history
 * fallback under /travel, /pa and /home (a reload on /travel/quote works), and / → /travel.
 */
export async function registerWebApp(app: FastifyInstance, distDir = WEB_DIST): Promise<void> {
  app.get('/', async (request, reply) => {
    const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
    return reply.redirect(`/travel${query}`, 302);
  });
  if (!fs.existsSync(path.join(distDir, 'index.html'))) {
    app.log.warn({ distDir }, 'web app not built: run `npm run build` to serve the shop');
    return;
  }
  await app.register(fastifyStatic, {
    root: distDir,
    prefix: '/',
    index: false,
    wildcard: true,
    preCompressed: true,
    // Our setHeaders decides caching; the plugin's own max-age=0 would override it.
    cacheControl: false,
    setHeaders(reply, filePath) {
      const relative = path.relative(distDir, filePath);
      reply.raw.setHeader(
        'cache-control',
        relative.startsWith(`assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
  const sendIndex = async (_request: unknown, reply: import('fastify').FastifyReply) =>
    reply.header('cache-control', 'no-cache').sendFile('index.html');
  for (const root of APP_ROOTS) {
    app.get(root, sendIndex);
    app.get(`${root}/*`, sendIndex);
  }
}

import type { FastifyInstance } from 'fastify';
import type { TDatabase } from '../../db/database.ts';

/** /healthz: the process is up. /readyz: the database answers (a load balancer's readiness probe). */
export async function healthRoutes(app: FastifyInstance, options: { database: TDatabase }): Promise<void> {
  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
    const ready = await options.database.ping();
    return reply.status(ready ? 200 : 503).send({ status: ready ? 'ready' : 'database unavailable' });
  });
}

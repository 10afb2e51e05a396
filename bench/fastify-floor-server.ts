// Fastify with nothing of the shop's: the floor `api-bench.ts` measures beside the shop (decision 097).
// GET /healthz answers as the shop's does; POST /echo takes multirate's request (Fastify's own JSON
// parser, no schema, no hook, no log) and writes an answer of multirate's size with JSON.stringify.
// What this server cannot do faster on this machine, the shop cannot either.
import Fastify from 'fastify';

const app = Fastify({ logger: false, bodyLimit: 100 * 1024 });
/** Multirate's answer is its request with the rated plans added: about 800 more bytes. */
const PLANS = 'x'.repeat(Number(process.env.FLOOR_ANSWER_EXTRA ?? 800));
app.get('/readyz', async () => ({ status: 'ok' }));
app.get('/healthz', async () => ({ status: 'ok' }));
app.post('/echo', (request, reply) => {
  reply
    .type('application/json; charset=utf-8')
    .send(JSON.stringify({ ...(request.body as object), plans: PLANS }));
});
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));

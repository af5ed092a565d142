/**
 * A bare Fastify "hello world" on a loopback port, started by the bench as the ceiling for /api/health on the
 * same machine in the same run. No plugins, no logger: what Fastify itself costs per request.
 */
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
process.send?.({ type: 'ready', port: typeof address === 'object' && address ? address.port : 0 });
process.on('message', (message: { type?: string }) => {
  if (message?.type === 'close') void app.close().then(() => process.exit(0));
});
process.on('disconnect', () => void app.close().then(() => process.exit(0)));

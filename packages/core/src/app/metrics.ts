import type { FastifyInstance } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import { collectDefaultMetrics, Histogram, Registry } from 'prom-client';

/** Prometheus metrics at /metrics: process defaults plus request durations by route and status. */
const metrics = async (app: FastifyInstance) => {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'gatehouse_' });
  const duration = new Histogram({
    name: 'gatehouse_http_request_duration_seconds',
    help: 'HTTP request duration by method, route and status.',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [registry],
  });

  app.addHook('onRequest', async (request, reply) => {
    const end = duration.startTimer();
    // 'finish' also fires for hijacked replies (the OIDC routes), unlike onResponse.
    reply.raw.once('finish', () => {
      end({ method: request.method, route: request.routeOptions.url ?? 'unmatched', status: reply.raw.statusCode });
    });
  });

  app.get('/metrics', { config: { tenantless: true }, schema: { hide: true } }, async (_request, reply) =>
    reply.type(registry.contentType).send(await registry.metrics()),
  );
};

/**
 * Not encapsulated: its onRequest hook must time every route of the server, not only the routes
 * registered inside this plugin (which would be /metrics alone).
 */
export const metricsPlugin = fastifyPlugin(metrics, { name: 'gatehouse-metrics' });

import { request as httpRequest } from 'node:http';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startTestServer, type TestServer } from './setup/test-server.js';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server?.close());

type OpenApiOperation = { security?: Record<string, string[]>[] };
type OpenApiDocument = {
  openapi: string;
  security?: Record<string, string[]>[];
  paths: Record<string, Record<string, OpenApiOperation>>;
  components: { schemas: Record<string, { properties: Record<string, { maxLength?: number }> }> };
};

const httpMethods = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

describe('metrics', () => {
  it('serves Prometheus metrics without tenant or token, with OIDC requests labelled by route', async () => {
    const discovery = await fetch(`${server.endpoint}/oidc/.well-known/openid-configuration`);
    expect(discovery.status).toBe(200);
    await discovery.arrayBuffer();

    const response = await fetch(`${server.endpoint}/metrics`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    const text = await response.text();
    const oidcBuckets = text
      .split('\n')
      .filter((line) => line.startsWith('gatehouse_http_request_duration_seconds_bucket{') && line.includes('route="/oidc/*"'));
    expect(oidcBuckets.length).toBeGreaterThan(0);
    expect(oidcBuckets.some((line) => line.includes('method="GET"') && line.includes('status="200"'))).toBe(true);
    expect(text).toMatch(/^gatehouse_process_resident_memory_bytes \d+/m);
  });
});

describe('OpenAPI document', () => {
  let document: OpenApiDocument;
  beforeAll(async () => {
    const response = await fetch(`${server.endpoint}/api/openapi.json`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/application\/json/);
    document = (await response.json()) as OpenApiDocument;
  });

  const documentedPaths = [
    '/api/applications',
    '/api/applications/{id}/secrets',
    '/api/resources/{id}/scopes',
    '/api/configs/oidc/{keyType}/rotate',
  ];

  it('is OpenAPI 3 and documents the management routes with their security', () => {
    expect(document.openapi).toMatch(/^3\./);
    expect(Object.keys(document.paths)).toEqual(expect.arrayContaining(documentedPaths));
    const topLevelSecurity = (document.security ?? []).length > 0;
    for (const route of documentedPaths) {
      const operations = Object.entries(document.paths[route]!).filter(([method]) => httpMethods.includes(method));
      expect(operations.length, route).toBeGreaterThan(0);
      for (const [method, operation] of operations) {
        expect(topLevelSecurity || (operation.security ?? []).length > 0, `${method.toUpperCase()} ${route}`).toBe(true);
      }
    }
  });

  it('describes the Application schema with its limits', () => {
    const application = document.components.schemas.Application;
    expect(application).toBeDefined();
    expect(application!.properties.name).toMatchObject({ type: 'string', maxLength: 256 });
  });

  it('documents the sign-in experience routes, and the experience API as cookie-bound (no bearer)', () => {
    expect(Object.keys(document.paths)).toEqual(expect.arrayContaining(['/api/sign-in-exp', '/api/connectors', '/api/email-templates']));
    const verify = document.paths['/api/experience/verification/password']!.post as { security?: unknown[] };
    expect(verify.security).toEqual([]);
  });

  it('leaves the OIDC endpoints and /metrics out', () => {
    const paths = Object.keys(document.paths);
    expect(paths.filter((each) => each.startsWith('/oidc'))).toEqual([]);
    expect(paths).not.toContain('/metrics');
  });
});

describe('request ids', () => {
  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

  it('puts an x-request-id on every response', async () => {
    const requests: [string, RequestInit?][] = [
      ['/api/status'],
      ['/api/applications'], // 401 without a token
      ['/api/no-such-route'], // 404
      ['/t/no-such-tenant/api/status'], // 404 before any route runs
      ['/api/openapi.json'],
      ['/metrics'],
      ['/oidc/.well-known/openid-configuration'],
      ['/oidc/jwks'],
      ['/oidc/token', { method: 'POST', body: new URLSearchParams({ grant_type: 'client_credentials' }) }], // 400/401
    ];
    const seen = new Set<string>();
    for (const [path, init] of requests) {
      const response = await fetch(`${server.endpoint}${path}`, init);
      await response.arrayBuffer();
      const id = response.headers.get('x-request-id');
      expect(id, `${init?.method ?? 'GET'} ${path} (${response.status})`).toMatch(uuid);
      seen.add(id!);
    }
    expect(seen.size).toBe(requests.length);
  });

  it('echoes a request id the caller sends', async () => {
    for (const path of ['/api/status', '/api/applications', '/oidc/.well-known/openid-configuration']) {
      const response = await fetch(`${server.endpoint}${path}`, { headers: { 'x-request-id': 'abc-123' } });
      await response.arrayBuffer();
      expect(response.headers.get('x-request-id'), path).toBe('abc-123');
    }
  });
});

describe('graceful shutdown', () => {
  /** GET over a fresh connection; resolves with the status or the connection error's code. */
  const getStatus = (url: string) =>
    new Promise<number | string>((resolve) => {
      const request = httpRequest(url, { agent: false }, (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
        response.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
      });
      request.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
      request.end();
    });

  it('answers every request in flight with 200 or 503 when closed, and resets none', async () => {
    const stopping = await startTestServer();
    try {
      const inFlight = 20;
      let received = 0;
      let closing: Promise<void> | undefined;
      // Runs before Fastify sees the request: once all 20 have arrived, shut down.
      stopping.gatehouse.app.server.prependListener('request', () => {
        received += 1;
        if (received === inFlight) {
          closing = stopping.gatehouse.close();
        }
      });
      const statuses = await Promise.all(
        Array.from({ length: inFlight }, () => getStatus(`${stopping.endpoint}/api/status`)),
      );
      expect(closing, 'close() must have been called while requests were in flight').toBeDefined();
      await closing;
      expect(statuses.filter((status) => status !== 200 && status !== 503)).toEqual([]);
      // The last request arrived after close() began: it must have been turned away cleanly.
      expect(statuses).toContain(503);
      // And the server no longer accepts connections.
      expect(await getStatus(`${stopping.endpoint}/api/status`)).toBe('ECONNREFUSED');
    } finally {
      await stopping.close();
    }
  });
});

import { chmodSync, existsSync, rmSync } from 'node:fs';
import { createServer, request as httpRequest, type Server } from 'node:http';
import path from 'node:path';

import type { M2mCredentials } from '../modules/applications/create-m2m-app.js';

/**
 * A Unix socket in DATA_DIR through which the CLI reaches a running server on the embedded
 * database (PGlite allows one process per data directory). Only the owner of DATA_DIR can connect
 * (mode 0600), which is the same trust as reading the database files directly.
 */
export const controlSocketPath = (dataDir: string) => path.join(dataDir, 'control.sock');

export type ControlCommands = {
  createM2mApp: (input: { tenant: string; name: string }) => Promise<M2mCredentials>;
};

export const listenControlSocket = async (dataDir: string, commands: ControlCommands): Promise<Server> => {
  const socket = controlSocketPath(dataDir);
  if (existsSync(socket)) {
    rmSync(socket); // Left by a process that died; we hold the data directory lock now.
  }
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const reply = (status: number, body: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(body));
      };
      if (request.method !== 'POST' || request.url !== '/create-m2m-app') {
        reply(404, { error: 'unknown command' });
        return;
      }
      let input: { tenant?: unknown; name?: unknown };
      try {
        input = JSON.parse(Buffer.concat(chunks).toString('utf8')) as typeof input;
      } catch {
        reply(400, { error: 'invalid JSON' });
        return;
      }
      if (typeof input.tenant !== 'string' || typeof input.name !== 'string') {
        reply(400, { error: 'tenant and name are required' });
        return;
      }
      commands.createM2mApp({ tenant: input.tenant, name: input.name }).then(
        (result) => reply(200, result),
        (error: unknown) => reply(400, { error: error instanceof Error ? error.message : String(error) }),
      );
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socket, resolve);
  });
  chmodSync(socket, 0o600);
  return server;
};

export const callControlSocket = (dataDir: string, command: string, body: unknown): Promise<unknown> =>
  new Promise((resolve, reject) => {
    const request = httpRequest(
      { socketPath: controlSocketPath(dataDir), path: `/${command}`, method: 'POST', headers: { 'content-type': 'application/json' } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const parsed = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { error?: string };
          if (response.statusCode === 200) {
            resolve(parsed);
          } else {
            reject(new Error(parsed.error ?? `control socket answered ${response.statusCode}`));
          }
        });
      },
    );
    request.on('error', reject);
    request.end(JSON.stringify(body));
  });

// Bundles the server and CLI into one ES module (packages/cli/dist/gatehouse.mjs) so production
// runs plain JavaScript: no TypeScript loader in the process. Dependencies stay in node_modules.
import { cpSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

import { build } from 'esbuild';
import { build as buildPages } from 'vite';

const root = fileURLToPath(new URL('..', import.meta.url));
const outdir = `${root}packages/cli/dist`;

rmSync(outdir, { recursive: true, force: true });
await build({
  entryPoints: [`${root}packages/cli/src/index.ts`],
  outfile: `${outdir}/gatehouse.mjs`,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  sourcemap: 'linked',
  logLevel: 'warning',
  plugins: [
    {
      name: 'workspace-only',
      setup(pluginBuild) {
        // Bundle our own workspace packages; leave every npm dependency external.
        pluginBuild.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith('@gatehouse/') ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
});
// Migrations are read from disk next to the module that runs them.
cpSync(`${root}packages/core/src/db/migrations`, `${outdir}/migrations`, { recursive: true });

// The hosted sign-in pages and the admin console, served beside the bundle (see
// experience/pages.routes.ts and console/console.routes.ts).
for (const app of ['experience', 'console']) {
  await buildPages({ root: `${root}packages/${app}`, configFile: `${root}packages/${app}/vite.config.ts`, logLevel: 'warn' });
  cpSync(`${root}packages/${app}/dist`, `${outdir}/${app}`, { recursive: true });
}

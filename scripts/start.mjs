// `npm start`: build the web app when its sources changed since the last build, then run the server.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { buildWebIfChanged, root } from './web-build.mjs';

const built = buildWebIfChanged();
if (built !== 0) process.exit(built);

const server = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')], {
  cwd: root,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));

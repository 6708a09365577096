// `npm start`: build the web app when its sources changed since the last build, then run the server.
import { spawn } from 'node:child_process';
import { serverCommand } from './server-run.mjs';
import { buildWebIfChanged, root } from './web-build.mjs';

const built = buildWebIfChanged();
if (built !== 0) process.exit(built);

const { command, args, env } = await serverCommand();
const server = spawn(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));

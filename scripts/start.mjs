// `npm start`: build the web app and bundle the server when their sources changed since they were
// last built, then run the server. Nothing here waits on more than it must: the checks read file
// dates and digests, esbuild loads only to bundle, and the server answers its login page before its
// database is open (apps/server/src/main.ts). However it ends, a start that fails says why in one
// line: an exit without a word cannot be helped.
import { spawn } from 'node:child_process';
import { constants } from 'node:os';
import { serverCommand } from './server-run.mjs';
import { buildWebIfChanged, root } from './web-build.mjs';

const printTimings = process.env.FIGGLE_START_TIMINGS === '1';
/** With FIGGLE_START_TIMINGS=1, when each step ended (bench/start.ts; as apps/server/src/start-timings.ts). */
function markStartStep(step, at = performance.timeOrigin + performance.now()) {
  if (printTimings)
    console.log(`FIGGLE_START_TIMING ${JSON.stringify({ step, at: Math.round(at * 10) / 10 })}`);
}
markStartStep('start script process started', performance.timeOrigin);
markStartStep('start script loaded');

function stop(reason, exitCode) {
  console.error(`Figgle stopped: ${reason}`);
  process.exit(exitCode);
}

/** What usually sends a signal that nobody asked for. */
const SIGNAL_HINTS = {
  SIGKILL: ' (by hand, or by the system when it runs out of memory: see `dmesg` or `journalctl -k`)',
  SIGABRT: ' (Node aborts so when it runs out of memory; the lines above say more)',
  SIGSEGV: ' (a crash in native code)',
  SIGBUS: ' (a crash in native code)',
};

// Without the web app served (FIGGLE_SERVE_WEB=0, an API-only server) there is nothing to build.
if (process.env.FIGGLE_SERVE_WEB !== '0') {
  const built = buildWebIfChanged();
  if (built !== 0) stop(`the web app could not be built (exit code ${built}).`, 1);
}
markStartStep('web build checked');

let server;
try {
  server = await serverCommand();
} catch (error) {
  stop(`the server could not be built: ${String(error?.message ?? error).split('\n')[0]}`, 1);
}
markStartStep('server bundle ready');

// What the server writes (the secret, the embedded database, uploads) is for this account alone.
process.umask(0o077);
const child = spawn(server.command, server.args, {
  cwd: root,
  stdio: ['inherit', 'inherit', 'pipe'],
  env: { ...process.env, ...server.env },
});
markStartStep('server spawned');
// The server's errors pass through as they come; whether it said anything decides what is added.
let serverSaidSomething = false;
child.stderr.on('data', (chunk) => {
  serverSaidSomething = true;
  process.stderr.write(chunk);
});

let forwarded;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    forwarded = signal;
    child.kill(signal);
  });
}
child.on('error', (error) => stop(`the server could not be run: ${error.message}`, 1));
// 'close' comes after the server's last words on stderr have been passed on.
child.on('close', (code, signal) => {
  if (signal) {
    const exitCode = 128 + (constants.signals[signal] ?? 0);
    if (signal === forwarded) process.exit(exitCode);
    stop(`the server was killed by ${signal}${SIGNAL_HINTS[signal] ?? ''}.`, exitCode);
  }
  if (code !== 0 && !serverSaidSomething)
    stop(`the server exited with code ${code} without saying why.`, code);
  process.exit(code);
});

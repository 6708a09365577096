// Loaded with `node --import` into every server a test starts as its own process: when the test's
// process is gone (killed on a timeout, a worker torn down) the server would otherwise live on with
// parent 1, loading a shared machine for the rest of the run. A server still opening its database
// does not answer SIGTERM, so it ends itself at once.
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) process.kill(process.pid, 'SIGKILL');
}, 500).unref();

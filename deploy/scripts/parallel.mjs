// Runs npm scripts at the same time and fails when any of them fails (`npm test`: typecheck, lint and build,
// none of which needs another's output; then the medium and browser tests, which use servers and data of
// their own). See docs/adr/0070-ci-time.md.
//   node deploy/scripts/parallel.mjs typecheck lint build       each script's output printed whole when it ends
//   node deploy/scripts/parallel.mjs --prefix test:medium ...    output as it comes, each line prefixed [script]
// Stopped by a signal (CI's time limit, Ctrl-C), it passes the signal on and prints what it kept.
import { spawn } from 'node:child_process';

const args = process.argv.slice(2);
const prefix = args.includes('--prefix');
const names = args.filter((arg) => arg !== '--prefix');
if (names.length === 0) {
  console.error('usage: node deploy/scripts/parallel.mjs [--prefix] <npm script>...');
  process.exit(2);
}

const started = Date.now();
const seconds = (since) => `${((Date.now() - since) / 1000).toFixed(1)}s`;
const children = [];
const kept = new Map(names.map((name) => [name, []]));

/** Writes complete lines as `[name] line` as they come (prefix mode). */
function lineWriter(name) {
  let rest = '';
  return {
    write(chunk) {
      const lines = (rest + chunk.toString()).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) process.stdout.write(`[${name}] ${line}\n`);
    },
    flush() {
      if (rest) process.stdout.write(`[${name}] ${rest}\n`);
      rest = '';
    },
  };
}

const runs = names.map(
  (name) =>
    new Promise((resolve) => {
      const begin = Date.now();
      const output = kept.get(name);
      const lines = lineWriter(name);
      const child = spawn('npm', ['run', '--silent', name], {
        stdio: ['ignore', 'pipe', 'pipe'],
        env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '0' },
      });
      children.push(child);
      const take = (chunk) => (prefix ? lines.write(chunk) : output.push(chunk));
      child.stdout.on('data', take);
      child.stderr.on('data', take);
      let done = false;
      const finish = (code, reason) => {
        if (done) return;
        done = true;
        lines.flush();
        process.stdout.write(`\n==> npm run ${name}: ${code === 0 ? 'ok' : `FAILED (${reason})`} in ${seconds(begin)}\n`);
        process.stdout.write(Buffer.concat(output.splice(0)));
        resolve(code === 0);
      };
      child.once('error', (error) => finish(1, error.message));
      child.once('close', (code, signal) => finish(code ?? 1, signal ? `signal ${signal}` : `exit ${code}`));
    }),
);

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.once(signal, () => {
    for (const child of children) if (child.exitCode === null) child.kill(signal);
    setTimeout(() => {
      for (const [name, output] of kept) if (output.length) process.stdout.write(`\n==> npm run ${name}: stopped by ${signal}\n${Buffer.concat(output)}`);
      process.exit(1);
    }, 20_000).unref();
  });
}

const results = await Promise.all(runs);
const failed = names.filter((_, i) => !results[i]);
console.log(`\n==> ${names.join(', ')}: ${failed.length ? `${failed.join(', ')} failed` : 'all ok'} in ${seconds(started)}`);
process.exit(failed.length ? 1 : 0);

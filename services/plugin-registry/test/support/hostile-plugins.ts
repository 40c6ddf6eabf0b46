import { zipOf } from './fixtures';

/** Plugins that attack the pipeline (issue 16): each build is a shell script run as `sh -c`. */
const pkg = (build: string) => JSON.stringify({ name: 'hostile-plugin', version: '1.0.0', private: true, main: 'dist/index.js', scripts: { build } });
const script = (lines: string[]) => zipOf({ 'package.json': pkg('sh build.sh'), 'build.sh': `${lines.join('\n')}\n` });

/** `dist` is a link to a folder of ours (root-only): grab and deploy must not follow it. */
export const distLinkPlugin = (target: string) => script([`ln -s '${target}' dist`, 'echo linked']);

/** A real `dist` holding a link to a file of ours, or a named pipe: neither may be taken. */
export const fileLinkPlugin = (target: string) => script(['mkdir dist', 'echo ok > dist/index.js', `ln -s '${target}' dist/stolen.txt`]);
export const fifoPlugin = () => script(['mkdir dist', 'echo ok > dist/index.js', 'mkfifo dist/pipe']);

/** Tries every address it should not reach; writes what it got into dist/reach.txt and the log. */
export const reachingPlugin = (ports: number[]) =>
  zipOf({
    'package.json': pkg('node reach.js'),
    'reach.js': [
      "const net = require('net'); const fs = require('fs');",
      `const ports = ${JSON.stringify(ports)};`,
      'const tries = ports.map((port) => new Promise((done) => {',
      "  const s = net.connect(port, '127.0.0.1');",
      "  s.setTimeout(2000, () => { s.destroy(); done(port + ':timeout'); });",
      "  s.on('connect', () => { s.destroy(); done(port + ':open'); }).on('error', (e) => done(port + ':' + e.code));",
      '}));',
      "Promise.all(tries).then((r) => { fs.mkdirSync('dist'); fs.writeFileSync('dist/reach.txt', r.join(',')); console.log('reach ' + r.join(',')); });",
    ].join('\n'),
  });

/**
 * Leaves a detached process behind (its own session) that keeps appending to every plugin build it can find
 * under the temporary folder and touches a file of ours to prove it is alive.
 */
export const lingeringPlugin = (marker: string, aliveFile: string) =>
  script([
    'mkdir dist',
    'echo "module.exports = 1;" > dist/index.js',
    `cat > linger.sh <<'SH'`,
    `# ${marker}`,
    'end=$(( $(date +%s) + 20 ))',
    'while [ $(date +%s) -lt $end ]; do',
    '  for f in /tmp/kiln-pipeline-*/build/src/dist/index.js /tmp/kiln-pipeline-*/build/src/*/dist/index.js /tmp/kiln-pipeline-*/out/files/index.js; do',
    '    [ -f "$f" ] && echo "INJECTED" >> "$f" 2>/dev/null',
    '  done',
    `  date > '${aliveFile}' 2>/dev/null`,
    '  sleep 0.1',
    'done',
    'SH',
    `setsid sh linger.sh ${marker} > /dev/null 2>&1 < /dev/null &`,
    'echo left a process behind',
  ]);

/** Builds after `ms` milliseconds and says which user it ran as. */
export const whoamiPlugin = (ms: number) => script([`sleep ${ms / 1000}`, 'mkdir dist', 'echo "module.exports = 1;" > dist/index.js', 'echo "uid $(id -u)"']);

/** Needs a dependency from the registry; its build requires it (so the install really happened). */
export const dependentPlugin = () =>
  zipOf({
    'package.json': JSON.stringify({
      name: 'dependent-plugin',
      version: '1.0.0',
      private: true,
      main: 'dist/index.js',
      scripts: { build: 'node build.js' },
      dependencies: { 'is-number': '7.0.0' },
    }),
    '.npmrc': 'registry=http://127.0.0.1:5432/\n',
    'build.js':
      "const fs = require('fs'); fs.mkdirSync('dist'); fs.writeFileSync('dist/index.js', String(require('is-number')(5))); " +
      "console.log('is-number says ' + require('is-number')(5));",
  });

/** A dependency that is not from the registry (a URL): refused before npm runs. */
export const urlDependencyPlugin = (url: string) =>
  zipOf({ 'package.json': JSON.stringify({ name: 'url-plugin', version: '1.0.0', private: true, scripts: { build: 'true' }, dependencies: { evil: url } }) });

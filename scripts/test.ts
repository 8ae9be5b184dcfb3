// `npm test`: every check a change must pass, in one command: type-check, lint, the web build, then all
// tests (unit, integration with real SQLite and Redis, and the browser tests in real Chromium).
import { execFileSync, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const run = (label: string, command: string, args: string[]) => {
  console.log(`\n=== ${label}: ${command} ${args.join(' ')}`);
  execFileSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, FORCE_COLOR: '1' } });
};

// The queue tests talk to a real Redis; start one for this machine if none answers.
const ping = spawnSync('redis-cli', ['-h', '127.0.0.1', 'ping'], { encoding: 'utf8' });
if (ping.stdout?.trim() !== 'PONG') {
  const started = spawnSync('redis-server', [
    '--daemonize',
    'yes',
    '--bind',
    '127.0.0.1',
    '--port',
    '6379',
    '--save',
    '',
    '--appendonly',
    'no',
  ]);
  console.log(
    started.status === 0
      ? 'Started a local Redis for the tests.'
      : 'No Redis: the queue tests will fail (install redis-server).',
  );
}

try {
  run('type-check', 'npx', ['tsc', '-b']);
  run('lint', 'npx', ['biome', 'check', '.']);
  run('web build', 'npm', ['run', 'build', '-w', '@club/web']);
  run('tests', 'npx', ['vitest', 'run', ...process.argv.slice(2)]);
} catch {
  process.exit(1);
}

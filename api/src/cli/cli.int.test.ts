// The operator's tools as an operator runs them: each CLI spawned as its own process (tsx) on a temporary
// data folder, judged by its exit code (0 done, 1 refused, 2 usage) and what it printed. Nothing here
// calls the tools' functions directly: a stack trace, a silently created folder or a wrong exit code is
// exactly what these tests are for.
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configFromEnv } from '../config.ts';

const repoRoot = path.resolve(fileURLToPath(import.meta.url), '../../../..');
const tsx = path.join(repoRoot, 'node_modules/.bin/tsx');
const TOOL_TIMEOUT_MS = 120_000;

interface ToolRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `api/src/<script>` with `args` on `dataDir`, to its end. */
function run(script: string, args: string[], env: Record<string, string>): Promise<ToolRun> {
  return new Promise((resolve) => {
    execFile(
      tsx,
      [`api/src/${script}`, ...args],
      {
        cwd: repoRoot,
        env: { ...process.env, LOG_LEVEL: 'warn', EVENTSTORE_URL: '', ...env },
        timeout: TOOL_TIMEOUT_MS,
        maxBuffer: 16 * 1024 * 1024,
      },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

const tool = (name: string, args: string[], dataDir: string) =>
  run(`cli/${name}.ts`, args, { DATA_DIR: dataDir });

/** A stack trace's frame line: a tool must answer a person, not dump its internals. */
const STACK_FRAME = /^\s+at .+:\d+:\d+\)?$/m;

const temporaryFolders: string[] = [];
const freshFolder = () => {
  const folder = mkdtempSync(path.join(tmpdir(), 'club-cli-'));
  temporaryFolders.push(folder);
  return folder;
};
afterAll(() => {
  for (const folder of temporaryFolders) rmSync(folder, { recursive: true, force: true });
});

describe('every CLI', () => {
  const tools = [
    'audit',
    'create-staff',
    'demo',
    'device',
    'rebuild',
    'backup',
    'restore',
    'export',
    'import',
  ];

  it('prints its usage and exits 0 on --help', { timeout: 180_000 }, async () => {
    const missing = path.join(freshFolder(), 'none');
    const runs = await Promise.all(tools.map((name) => tool(name, ['--help'], missing)));
    for (const [index, result] of runs.entries()) {
      expect(result.code, `${tools[index]}: ${result.stderr}`).toBe(0);
      expect(result.stdout).toMatch(/^usage: npm run /);
      expect(result.stdout).toContain('exit codes: 0 done, 1 refused or failed, 2 usage');
    }
    // --help does nothing else: no data folder appeared.
    expect(existsSync(missing)).toBe(false);
  });

  it('answers an unknown option with the usage line and exit 2, not a stack trace', {
    timeout: 180_000,
  }, async () => {
    const missing = path.join(freshFolder(), 'none');
    const runs = await Promise.all(tools.map((name) => tool(name, ['--pk', '101'], missing)));
    for (const [index, result] of runs.entries()) {
      expect(result.code, `${tools[index]}: ${result.stderr}`).toBe(2);
      expect(result.stderr).toContain("error: Unknown option '--pk'");
      expect(result.stderr).toMatch(/^usage: npm run /m);
      expect(result.stderr).not.toMatch(STACK_FRAME);
    }
    expect(existsSync(missing)).toBe(false);
  });
});

describe('on a data folder that does not exist', () => {
  it('backup and export refuse with exit 1 and create nothing', { timeout: 180_000 }, async () => {
    const missing = path.join(freshFolder(), 'typo');
    const target = path.join(freshFolder(), 'out');
    const [backup, exported] = await Promise.all([
      tool('backup', [path.join(target, 'club.db')], missing),
      tool('export', ['--to', target], missing),
    ]);
    for (const result of [backup, exported]) {
      expect(result.code, result.stderr).toBe(1);
      expect(result.stderr).toMatch(/error: .*typo/);
      expect(result.stderr).not.toMatch(STACK_FRAME);
    }
    expect(existsSync(missing)).toBe(false);
    expect(existsSync(target)).toBe(false);
  });

  it('audit and rebuild refuse with exit 1 and create nothing', { timeout: 180_000 }, async () => {
    const missing = path.join(freshFolder(), 'typo');
    const [audit, rebuild] = await Promise.all([
      tool('audit', ['101'], missing),
      tool('rebuild', [], missing),
    ]);
    for (const result of [audit, rebuild]) {
      expect(result.code, result.stderr).toBe(1);
      expect(result.stderr).toContain(`error: the data folder ${missing} does not exist`);
      expect(result.stdout).not.toContain('OK');
    }
    expect(existsSync(missing)).toBe(false);
  });
});

describe('on the demo club', () => {
  let dataDir: string;
  let firstDemo: ToolRun;
  const eventCount = async () => {
    const rebuilt = await tool('rebuild', [], dataDir);
    expect(rebuilt.code, rebuilt.stderr).toBe(0);
    return Number(/from (\d+) events/.exec(rebuilt.stdout)?.[1]);
  };

  beforeAll(async () => {
    dataDir = freshFolder();
    firstDemo = await tool('demo', [], dataDir);
    expect(firstDemo.code, firstDemo.stderr).toBe(0);
  }, TOOL_TIMEOUT_MS);

  it('demo prints the unused pouches and changes nothing when run again', { timeout: 240_000 }, async () => {
    expect(firstDemo.stdout).toContain('Unused cash pouches');
    expect(firstDemo.stdout).toContain('DEMO-001 DEMO-002 DEMO-003 DEMO-004 DEMO-005');
    const before = await eventCount();
    const again = await tool('demo', [], dataDir);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toBe(firstDemo.stdout);
    expect(await eventCount()).toBe(before);
  });

  it('audit names a user by pk, pkstr, mobile, student ID or e-mail', { timeout: 240_000 }, async () => {
    const names = ['0900000003', 'B10000003', 'ming@demo.club'];
    const runs = await Promise.all(names.map((name) => tool('audit', [name], dataDir)));
    const pk = Number(/U0*(\d+) 張志明/.exec(runs[0]!.stdout)?.[1]);
    expect(pk).toBeGreaterThan(100);
    runs.push(
      ...(await Promise.all(
        [String(pk), `U${String(pk).padStart(5, '0')}`].map((name) => tool('audit', [name], dataDir)),
      )),
    );
    for (const result of runs) {
      expect(result.code, result.stderr).toBe(0);
      expect(result.stdout).toContain(`== history of U${String(pk).padStart(5, '0')} 張志明 (0900000003)`);
      expect(result.stdout.trim().split('\n').at(-1)).toBe('OK');
    }
  });

  it('audit refuses what names nobody, and a malformed --at', { timeout: 240_000 }, async () => {
    const [unknownPk, unknownMobile, unknownStream, badTime, noTarget] = await Promise.all([
      tool('audit', ['999'], dataDir),
      tool('audit', ['0912345678'], dataDir),
      tool('audit', ['account-nobody'], dataDir),
      tool('audit', ['0900000002', '--at', 'yesterday'], dataDir),
      tool('audit', [], dataDir),
    ]);
    expect([unknownPk.code, unknownMobile.code, unknownStream.code]).toEqual([1, 1, 1]);
    expect(unknownPk.stderr).toContain('error: no user with pk 999');
    expect(unknownMobile.stderr).toContain('error: no user with the mobile number 0912345678');
    expect(unknownStream.stderr).toContain('error: no user and no stream named account-nobody');
    for (const result of [unknownPk, unknownMobile, unknownStream]) expect(result.stdout).not.toContain('OK');
    expect(badTime.code).toBe(2);
    expect(badTime.stderr).toContain('--at must be a time');
    expect(noTarget.code).toBe(2);
    expect(noTarget.stderr).toContain('error: an argument is missing');
  });

  it('create-staff refuses a mobile, student ID or e-mail that is taken, and books nothing', {
    timeout: 240_000,
  }, async () => {
    const before = await eventCount();
    const applicant = ['--name', '黃雅婷', '--sex', '2', '--password', 'long-secret-1', '--position', '總務'];
    const taken = await Promise.all([
      tool(
        'create-staff',
        [...applicant, '--stuid', 'B20000009', '--mobile', '0900000004', '--email', 'x@example.com'],
        dataDir,
      ),
      tool(
        'create-staff',
        [...applicant, '--stuid', 'b10000004', '--mobile', '0911000009', '--email', 'y@example.com'],
        dataDir,
      ),
      tool(
        'create-staff',
        [...applicant, '--stuid', 'B20000008', '--mobile', '0911000008', '--email', 'TING@demo.club'],
        dataDir,
      ),
    ]);
    for (const result of taken) {
      expect(result.code, result.stderr).toBe(1);
      expect(result.stderr).toMatch(/already belongs to U\d{5} 黃雅婷 \(pk \d+\); nothing was changed/);
      expect(result.stderr).toMatch(/run again with --existing \d+/);
    }
    expect(await eventCount()).toBe(before);

    const badSex = await tool('create-staff', [...applicant.slice(0, 2), '--sex', '3'], dataDir);
    expect(badSex.code).toBe(2);
    const pk = /--existing (\d+)/.exec(taken[0]!.stderr)![1]!;
    const mixed = await tool('create-staff', ['--existing', pk, '--mobile', '0900000004'], dataDir);
    expect(mixed.code).toBe(2);
    expect(mixed.stderr).toContain('--existing takes no --mobile');
  });

  it('create-staff --existing makes that account staff and says which fee it booked', {
    timeout: 240_000,
  }, async () => {
    const audit = await tool('audit', ['0900000004'], dataDir);
    const pk = /U0*(\d+) 黃雅婷/.exec(audit.stdout)![1]!;
    const promoted = await tool('create-staff', ['--existing', pk, '--position', '總務'], dataDir);
    expect(promoted.code, promoted.stderr).toBe(0);
    expect(promoted.stdout).toMatch(/member fee \d+-\d: booked 600 NTD as cash the operator took in/);
    expect(promoted.stdout).toContain(`staff account ready: pk ${pk}, position 總務`);
    const unknown = await tool('create-staff', ['--existing', '999'], dataDir);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('error: no account with pk 999');
  });

  it('npm start refuses to serve a network while the demo passwords work', { timeout: 180_000 }, async () => {
    const started = await run('main.ts', [], { DATA_DIR: dataDir, HOST: '0.0.0.0', PORT: '0' });
    expect(started.code).toBe(1);
    expect(started.stderr).toContain('Refusing to listen on 0.0.0.0: the demo accounts 0900000001');
    expect(started.stderr).toContain('/user/change/password');
  });
});

describe('the README', () => {
  it('listens on 127.0.0.1 unless HOST says otherwise', () => {
    expect(configFromEnv({}).host).toBe('127.0.0.1');
    expect(configFromEnv({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
  });

  it('has a create-staff example that runs as written on a fresh data folder', {
    timeout: 240_000,
  }, async () => {
    const readme = readFileSync(path.join(repoRoot, 'README.md'), 'utf8');
    const example = /`npm run create-staff -- (.+?)`/.exec(readme)?.[1];
    expect(example).toBeDefined();
    // The example's words as a shell splits them (it quotes with single quotes only).
    const args = [...example!.matchAll(/'([^']*)'|(\S+)/g)].map((match) => match[1] ?? match[2]!);
    const dataDir = freshFolder();
    const first = await tool('create-staff', args, dataDir);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toMatch(/staff account ready: pk 101/);
    // Run again, it refuses and names the way to make that account staff on purpose.
    const second = await tool('create-staff', args, dataDir);
    expect(second.code).toBe(1);
    expect(second.stderr).toContain('run again with --existing 101');
  });
});

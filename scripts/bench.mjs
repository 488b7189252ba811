#!/usr/bin/env node
// `npm run bench`: runs bench/run.ts inside a private D-Bus session with a throwaway keyring (the main
// services keep the session token in the keychain), like `npm test`. Arguments are passed through
// (`--no-build`, `--only=weight,cold,outbox,requests,lists,checkin-open,editor,session`, `--session-runs=3`).
import { spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
process.chdir(root)

const command =
  process.env.OPERATELY_TRAY_PRIVATE_KEYRING === '1'
    ? ['node_modules/.bin/tsx', ['bench/run.ts', ...process.argv.slice(2)]]
    : ['scripts/with-keyring.sh', ['node_modules/.bin/tsx', 'bench/run.ts', ...process.argv.slice(2)]]
const child = spawnSync(command[0], command[1], {
  stdio: 'inherit',
  env: { ...process.env, OPERATELY_TRAY_PRIVATE_KEYRING: '1' },
})
process.exit(child.status ?? 1)

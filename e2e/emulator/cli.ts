/**
 * `npx tsx e2e/emulator/cli.ts [--port 4100] [--host 127.0.0.1] [--version 1.8.0] [--header release|dev|<literal>] [--seed usual|big|project-check-ins]`
 * Starts the emulator (`--seed big`: the company of 10,000 goals of seed-big.ts) and prints where it listens and which tokens to use.
 */
import { parseArgs } from 'node:util'
import { SEED_NAMES, startEmulator, type SeedName } from './index'

const USAGE =
  'Usage: emulator [--port 4100] [--host 127.0.0.1] [--version 1.8.0] [--header release|dev|<literal>] [--seed usual|big|project-check-ins]'

async function main(): Promise<void> {
  let values: {
    port?: string
    host?: string
    version?: string
    header?: string
    seed?: string
    help?: boolean
  }
  try {
    values = parseArgs({
      options: {
        port: { type: 'string' },
        host: { type: 'string' },
        version: { type: 'string' },
        header: { type: 'string' },
        seed: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    }).values
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`)
    process.exit(2)
  }
  if (values.help) {
    console.log(USAGE)
    return
  }
  const port = values.port === undefined ? 4100 : Number(values.port)
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(`--port must be a whole number from 0 to 65535, not "${values.port}".\n${USAGE}`)
    process.exit(2)
  }
  if (values.version !== undefined && !/^\d+\.\d+\.\d+$/.test(values.version)) {
    console.error(`--version must look like 1.8.0, not "${values.version}".\n${USAGE}`)
    process.exit(2)
  }

  if (values.seed !== undefined && !SEED_NAMES.includes(values.seed as SeedName)) {
    console.error(`--seed is one of ${SEED_NAMES.join(', ')}, not "${values.seed}".\n${USAGE}`)
    process.exit(2)
  }
  const seed = values.seed as SeedName | undefined

  const emulator = await startEmulator({
    port,
    host: values.host,
    version: values.version,
    header: values.header,
    seed,
  })
  const ada = emulator.state.people[0]!
  console.log(
    [
      `Operately emulator ${values.version ?? '1.8.0'} listening on ${emulator.url}`,
      `Company: ${emulator.state.company.name} (${emulator.state.goals.length} goals, ${emulator.state.projects.length} projects, ${emulator.state.people.length} people)`,
      `Signed in as ${ada.fullName} <${ada.email}>`,
      `  write-enabled token: ${emulator.tokens.write}`,
      `  read-only token:     ${emulator.tokens.readOnly}`,
      `Control API: ${emulator.url}/__emulator/state (faults, reset, pause, resume, clock)`,
      'Press Ctrl+C to stop.',
    ].join('\n'),
  )

  let stopping = false
  const stop = (signal: string): void => {
    if (stopping) return
    stopping = true
    console.log(`\n${signal}: stopping the emulator.`)
    emulator.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error('Could not stop cleanly:', error)
        process.exit(1)
      },
    )
  }
  process.on('SIGINT', () => stop('SIGINT'))
  process.on('SIGTERM', () => stop('SIGTERM'))
}

main().catch((error: unknown) => {
  const code = (error as NodeJS.ErrnoException).code
  if (code === 'EADDRINUSE') console.error('That port is already in use. Pick another with --port.')
  else console.error('The emulator could not start:', error)
  process.exit(1)
})

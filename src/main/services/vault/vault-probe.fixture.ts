// Run by token-vault.test.ts in a child process with no reachable Secret Service.
import keytar from 'keytar'
import { AppFailure } from '@shared/errors'
import { createTokenVault } from './token-vault'

const vault = createTokenVault({ keytar, service: 'Operately Tray probe', platform: 'linux' })
const outcome = async (action: () => Promise<unknown>) => {
  try {
    return { value: await action() }
  } catch (err) {
    return err instanceof AppFailure ? err.error : { unexpected: String(err) }
  }
}
const result = {
  set: await outcome(() => vault.set('https://probe.example', 'opk_probe')),
  get: await outcome(() => vault.get('https://probe.example')),
}
console.log(JSON.stringify(result))

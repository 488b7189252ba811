import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { expect, keychainToken, test } from './support/fixtures'
import { popup } from './support/popup'

/** Every file under a folder, however deep (logs included). */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true })
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name))
}

test('after sign-in the token is nowhere but the keychain', async ({
  page,
  context,
  emulator,
  harness,
  dataDir,
  vaultService,
}) => {
  const token = emulator.tokens.write
  const answers: Promise<{ url: string; body: string }>[] = []
  page.on('response', (response) => {
    answers.push(
      response.text().then(
        (body) => ({ url: response.url(), body }),
        () => ({ url: response.url(), body: '' }),
      ),
    )
  })

  await page.goto(harness.url)
  const ui = popup(page)
  await ui.signIn(emulator.url, token)
  await expect(page.getByText('Signed in as Ada Lovelace · this token can write')).toBeVisible()

  // The token did go somewhere: into the keychain, so the checks below look for the right string.
  expect(await keychainToken(vaultService, emulator.url)).toBe(token)

  // Not in the page.
  expect(await page.content()).not.toContain(token)

  // Not in anything the bridge (or the harness) answered.
  const bodies = await Promise.all(answers)
  expect(bodies.some(({ url }) => url.endsWith('/__harness/call/session.signIn'))).toBe(true)
  for (const { url, body } of bodies) expect(body, url).not.toContain(token)

  // Not in browser storage of any kind.
  const stored = await page.evaluate(async () => {
    const dump = (storage: Storage) => JSON.stringify(Object.entries(storage))
    const databases = await indexedDB.databases()
    const records: unknown[] = []
    for (const { name } of databases) {
      if (!name) continue
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open(name)
        open.onsuccess = () => resolve(open.result)
        open.onerror = () => reject(open.error)
      })
      for (const storeName of Array.from(db.objectStoreNames)) {
        const all = db.transaction(storeName).objectStore(storeName).getAll()
        records.push(await new Promise((resolve) => (all.onsuccess = () => resolve(all.result))))
      }
      db.close()
    }
    return {
      local: dump(localStorage),
      session: dump(sessionStorage),
      indexedDB: JSON.stringify(records),
      cookie: document.cookie,
    }
  })
  expect(JSON.stringify(stored)).not.toContain(token)
  expect(JSON.stringify(await context.cookies())).not.toContain(token)

  // Not in any file the app wrote: session, settings, logs.
  const files = await filesUnder(dataDir)
  expect(files.length).toBeGreaterThan(0)
  for (const file of files) expect((await readFile(file)).toString('utf8'), file).not.toContain(token)
})

import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startEmulator } from './index'
import { SEED_IDS } from './seed-ids'
import { get, okJson, post, wireId } from './test-support'
import type { Emulator } from './types'

let emu: Emulator
beforeAll(async () => {
  emu = await startEmulator()
})
afterAll(() => emu.close())
beforeEach(() => emu.reset())

const doc = {
  type: 'doc',
  content: [
    { type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: 'New plan' }] },
    { type: 'paragraph', content: [{ type: 'text', text: 'underlined', marks: [{ type: 'underline' }] }] },
  ],
}

describe('projects/update_description', () => {
  it('stores the document and answers the short project without a description key, as real servers do', async () => {
    const id = wireId(emu, SEED_IDS.projects.launchSite)
    const body = await okJson(
      post(emu, 'projects/update_description', { project_id: id, description: JSON.stringify(doc) }),
    )
    expect(body.project).not.toHaveProperty('description')
    // serializers/project.ex :essential at 1.8.0: no space_id; space and privacy are not loaded.
    expect(body.project).toMatchObject({ space: null, privacy: null })
    expect(Object.keys(body.project).sort()).toEqual(
      ['__typename', 'goal_id', 'id', 'name', 'privacy', 'space', 'status', 'success_status'].sort(),
    )
    const { project } = await okJson(get(emu, 'projects/get', { id }))
    expect(JSON.parse(project.description)).toEqual(doc)
  })

  it('answers with the description when omitDescription is switched off', async () => {
    emu.setFaults({ omitDescription: false })
    const body = await okJson(
      post(emu, 'projects/update_description', {
        project_id: wireId(emu, SEED_IDS.projects.mobileBeta),
        description: JSON.stringify(doc),
      }),
    )
    expect(JSON.parse(body.project.description)).toEqual(doc)
  })

  it('accepts an empty document: there is no emptiness check', async () => {
    const empty = { type: 'doc', content: [{ type: 'paragraph' }] }
    await okJson(
      post(emu, 'projects/update_description', {
        project_id: wireId(emu, SEED_IDS.projects.officeMove),
        description: JSON.stringify(empty),
      }),
    )
    expect(emu.state.projects.find((p) => p.id === SEED_IDS.projects.officeMove)!.description).toEqual(empty)
  })

  it('answers 404 for a project Ada cannot see and for a malformed id', async () => {
    for (const project_id of [wireId(emu, SEED_IDS.projects.payroll), '%%%']) {
      const r = await post(emu, 'projects/update_description', {
        project_id,
        description: JSON.stringify(doc),
      })
      expect(r.status).toBe(404)
    }
  })

  it('answers a JSON string that is not an object 500', async () => {
    const r = await post(emu, 'projects/update_description', {
      project_id: wireId(emu, SEED_IDS.projects.launchSite),
      description: '"just a string"',
    })
    expect(r.status).toBe(500)
  })
})

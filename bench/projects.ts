import { randomUUID } from 'node:crypto'
import { SEED_IDS } from '../e2e/emulator'
import type { Emulator } from '../e2e/emulator/types'

/**
 * 20 projects Ada can edit: the three seeded ones she may edit ("Launch site", "Mobile app beta", "Office
 * move"; she may only view or not see the other two) plus clones of "Launch site" with new ids.
 */
export function editableProjects(emulator: Emulator, count: number): string[] {
  const { launchSite, mobileBeta, officeMove } = SEED_IDS.projects
  const template = emulator.state.projects.find((p) => p.id === launchSite)
  if (!template) throw new Error('the emulator has no "Launch site" project to clone')
  const ids: string[] = [launchSite, mobileBeta, officeMove]
  for (let i = 1; ids.length < count; i++) {
    const id = randomUUID()
    emulator.state.projects.push({ ...structuredClone(template), id, name: `Bench project ${i}` })
    ids.push(id)
  }
  return ids.slice(0, count)
}

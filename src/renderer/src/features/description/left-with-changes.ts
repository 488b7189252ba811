/**
 * A project left with changes not yet on the server, as the list says it afterwards: kept as a draft only
 * when the last draft write reached the disk.
 */
export interface LeftWithChanges {
  projectName: string
  kept: boolean
}

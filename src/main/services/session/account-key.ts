import { lastSegment } from '@shared/ids'

/**
 * Names the account something kept in memory or on disk belongs to: the server and the person, the
 * person's id compared by its last segment (a slug and a bare id of the same person name one account).
 */
export const accountKey = (baseUrl: string, personId: string): string => `${baseUrl} ${lastSegment(personId)}`

import { z } from 'zod'
import { dateTypes, type ContextualDate } from './contextual-date'

// The schemas live apart from the date helpers: the popup's first screen uses those helpers, and zod
// would come along with any schema built in the same module.

export const isoDateSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date like 2026-03-31')

export const contextualDateSchema: z.ZodType<ContextualDate> = z
  .object({ dateType: z.enum(dateTypes), date: isoDateSchema, value: z.string().min(1).max(40) })
  .strict()

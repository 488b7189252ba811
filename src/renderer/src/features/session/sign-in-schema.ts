import { z } from 'zod'

/**
 * Only emptiness is checked here. What makes a server address or token acceptable (scheme, loopback,
 * token shape) is decided once, in main, and comes back as an error next to the field it concerns.
 */
export const signInSchema = z.object({
  baseUrl: z.string().trim().min(1, 'Enter your Operately server’s address, for example app.operately.com.'),
  token: z.string().trim().min(1, 'Paste an API token from your Operately account.'),
})

export type SignInFields = z.input<typeof signInSchema>
export type SignInValues = z.output<typeof signInSchema>

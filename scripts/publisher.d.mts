// Types for scripts/publisher.mjs (its tests import it from TypeScript).

export interface Publisher {
  name: string
  email: string
  windowsPublisherName: string
}

export const publisherFile: string

export function readPublisher(file?: string): unknown

export function publisherProblems(
  publisher: unknown,
  options?: { release?: boolean; file?: string },
): string[]

export function publisherBuilderConfig(publisher: Publisher): {
  extraMetadata: { author: { name: string; email: string } }
  win?: { signtoolOptions: { publisherName: string } }
}

export function windowsPublisherNames(file?: string): string[]

export default function publisherConfigForElectronBuilder(): ReturnType<typeof publisherBuilderConfig>
export function windowsSubjectProblems(value: string, file?: string): string[]
export function signerMatchesPublisher(subject: string, name: string): boolean

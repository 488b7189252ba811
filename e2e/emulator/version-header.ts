/**
 * What a real server sends in `x-operately-version`. Never the release number: the build writes the
 * day it built the image and the image's short git hash over the placeholder `dev-version`
 * (Operately's Makefile `inject.rel.version`: `date +%Y-%m-%d` and `DOCKER_IMAGE_TAG = git rev-parse
 * --short HEAD`; `app/lib/operately.ex` `version/0`; `app/lib/operately_web/endpoint.ex`
 * `put_version_header`, all at 1.5.0…1.8.0). A release tag only re-tags the image built from its
 * commit, so each tag's header is that commit's day and 9-character hash. The 1.8.0 one is the header
 * real 1.8.0 servers send; the others are made the same way from the tagged commits (1.5.0 415d7c84c
 * 2026-04-01, 1.6.0 96cc74aea 2026-05-18, 1.7.0 6801750a0 2026-07-08): the day the image was built
 * could be a later one, but the form is exact.
 */

export const RELEASE_VERSION_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  '1.5.0': '2026-04-01-415d7c84c',
  '1.6.0': '2026-05-18-96cc74aea',
  '1.7.0': '2026-07-08-6801750a0',
  '1.8.0': '2026-07-16-cff38bbea',
})

/** What a server run from source (not a release image) sends: the placeholder itself. */
export const DEV_VERSION_HEADER = 'dev-version'

/** `release` (default): the table's value; `dev`: `dev-version`; anything else is sent as written. */
export type VersionHeaderForm = 'release' | 'dev' | (string & {})

export function versionHeader(version: string, form: VersionHeaderForm = 'release'): string {
  if (form === 'dev') return DEV_VERSION_HEADER
  if (form !== 'release') return form
  const header = RELEASE_VERSION_HEADERS[version]
  if (!header) {
    throw new Error(
      `No release header known for version ${version}: pass header: 'dev' or a literal header value`,
    )
  }
  return header
}

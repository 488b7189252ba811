import { blobUrl, seedBlobs } from './blobs'
import {
  blob,
  blockquote,
  bold,
  bulletList,
  code,
  codeBlock,
  doc,
  hardBreak,
  heading,
  highlight,
  horizontalRule,
  italic,
  link,
  mention,
  orderedList,
  paragraph,
  strike,
  text,
  underline,
} from './richtext'
import type { Person, RichDoc } from './types'

/**
 * The rich-text documents of the seed. Between them they use every node and mark Operately's editor
 * produces (mentions with real person ids, an image and a PDF blob, links, highlights, underline,
 * headings, both list kinds, code blocks, quotes, rules, hard breaks), so a client that would lose any
 * of them fails on seeded data.
 */

type Cast = Record<'ada' | 'grace' | 'alan' | 'katherine' | 'edsger' | 'barbara', Person>

export function projectDocuments(p: Cast, baseUrl: string): Record<string, RichDoc> {
  const image = seedBlobs.image
  const pdf = seedBlobs.pdf
  return {
    launchSite: doc(
      heading(1, text('Launch site')),
      paragraph(
        text('We are replacing the marketing site with a '),
        text('static build', bold),
        text(', owned by '),
        mention(p.grace),
        text(' and reviewed by '),
        mention(p.barbara),
        text('.'),
      ),
      heading(2, text('Success criteria')),
      bulletList(
        [text('Page weight under '), text('500 KB', code)],
        [text('Accessibility '), text('WCAG AA', underline), text(' on every page')],
        [text('Live before the conference', highlight('bgYellow'))],
      ),
      heading(2, text('Plan')),
      orderedList(1, [text('Freeze content')], [text('Migrate pages')], [text('Switch DNS', italic)]),
      paragraph(
        text('Design notes are in '),
        text('the design file', link('https://www.figma.com/file/launch-site')),
        text('. Architecture:'),
      ),
      paragraph(
        blob({
          id: image.id,
          src: blobUrl(baseUrl, image),
          alt: 'Content, build and CDN',
          title: image.filename,
          filetype: image.filetype,
          filesize: image.content.length,
        }),
      ),
      codeBlock('bash', 'npm run build && npm run deploy -- --env production'),
    ),
    mobileBeta: doc(
      heading(2, text('Mobile app beta')),
      paragraph(
        text('A closed beta for 200 customers. '),
        mention(p.alan),
        text(' owns the release train; the old '),
        text('TestFlight-only', strike),
        text(' plan is dropped.'),
      ),
      blockquote(paragraph(text('Ship small, ship often.', italic), hardBreak(), text('— the team'))),
      paragraph(
        text('Risks: '),
        text('push notifications on Android 15', highlight('textRed')),
        text(', '),
        text('offline sync', highlight('bgBlue')),
        text('.'),
      ),
      horizontalRule(),
      paragraph(
        text('Test plan: '),
        blob({
          id: pdf.id,
          src: blobUrl(baseUrl, pdf),
          alt: pdf.filename,
          title: pdf.filename,
          filetype: pdf.filetype,
          filesize: pdf.content.length,
        }),
      ),
      orderedList(
        3,
        [text('Invite cohort 3')],
        [text('Collect crash reports with '), text('sentry-cli', code)],
      ),
    ),
    warehouse: doc(
      paragraph(
        text('Move reporting from the legacy warehouse to the new one. Led by '),
        mention(p.edsger),
        text(', with '),
        mention(p.katherine),
        text(' checking every migrated metric.'),
      ),
      bulletList([text('Dual-run for two weeks')], [text('Cut over on a Monday', bold, underline)]),
      codeBlock('sql', "SELECT count(*) FROM events WHERE inserted_at > now() - interval '1 day';"),
      paragraph(text('Runbook: '), text('internal wiki', link('https://wiki.example.com/warehouse'))),
    ),
    payroll: doc(
      paragraph(text('Confidential: evaluate two payroll vendors. Contact '), mention(p.barbara), text('.')),
    ),
  }
}

export function goalDocuments(p: Cast): Record<string, RichDoc> {
  return {
    shipEngine: doc(
      paragraph(
        text('Ship v2 of the engine to paying teams, with '),
        mention(p.barbara),
        text(' as sponsor.'),
      ),
    ),
    supportBacklog: doc(paragraph(text('Halve the open support queue without hiring.'))),
    dataTeam: doc(paragraph(text('Build a data team of four, reporting to '), mention(p.grace), text('.'))),
    compilerHandbook: doc(paragraph(text('A public handbook on how our compiler works.'))),
    onboardingDocs: doc(paragraph(text('New hires productive in their first week.'))),
    acquisition: doc(paragraph(text('Board-only.'))),
  }
}

/** A short check-in message; optionally mentioning someone. */
export function checkInMessage(line: string, mentioned?: Person): RichDoc {
  return mentioned ? doc(paragraph(text(line + ' '), mention(mentioned))) : doc(paragraph(text(line)))
}

import { deterministicUuid } from './ids'

/**
 * The two uploaded files the seed's descriptions point at (an image and a PDF), served by the emulator
 * itself under /blobs/ so the editor can show them without any network beyond 127.0.0.1.
 */

export interface SeedBlob {
  id: string
  filename: string
  filetype: string
  content: Buffer
}

const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="200" viewBox="0 0 480 200">
  <rect width="480" height="200" fill="#f5f7fa"/>
  <rect x="20" y="70" width="120" height="60" rx="8" fill="#3b82f6"/>
  <rect x="180" y="70" width="120" height="60" rx="8" fill="#10b981"/>
  <rect x="340" y="70" width="120" height="60" rx="8" fill="#f59e0b"/>
  <path d="M140 100h40M300 100h40" stroke="#334155" stroke-width="3"/>
  <g font-family="sans-serif" font-size="16" fill="#fff" text-anchor="middle">
    <text x="80" y="105">Content</text><text x="240" y="105">Build</text><text x="400" y="105">CDN</text>
  </g>
</svg>
`

/** A one-page PDF with correct xref offsets, so viewers open it without repair. */
function onePagePdf(line: string): Buffer {
  const stream = `BT /F1 18 Tf 72 720 Td (${line}) Tj ET`
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ]
  let out = '%PDF-1.4\n'
  const offsets: number[] = []
  objects.forEach((body, i) => {
    offsets.push(out.length)
    out += `${i + 1} 0 obj\n${body}\nendobj\n`
  })
  const xref = out.length
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`
  for (const offset of offsets) out += `${String(offset).padStart(10, '0')} 00000 n \n`
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`
  return Buffer.from(out, 'latin1')
}

export const seedBlobs = {
  image: {
    id: deterministicUuid('blob:architecture'),
    filename: 'architecture.svg',
    filetype: 'image/svg+xml',
    content: Buffer.from(svg, 'utf8'),
  },
  pdf: {
    id: deterministicUuid('blob:beta-plan'),
    filename: 'beta-test-plan.pdf',
    filetype: 'application/pdf',
    content: onePagePdf('Mobile app beta: test plan'),
  },
} satisfies Record<string, SeedBlob>

export const blobUrl = (baseUrl: string, blob: SeedBlob): string =>
  `${baseUrl}/blobs/${blob.id}/${blob.filename}`

/** The blob a /blobs/<id>/<filename> path names, if any. */
export function findBlob(pathname: string): SeedBlob | null {
  const m = /^\/blobs\/([0-9a-f-]{36})\/[^/]+$/.exec(pathname)
  if (!m) return null
  return Object.values(seedBlobs).find((b) => b.id === m[1]) ?? null
}

/**
 * A plain Markdown rendering of a TipTap document, for `include_markdown`. Mentions become `@Name`,
 * blobs become links; unknown nodes keep their text.
 */

type N = { type?: string; text?: string; attrs?: Record<string, unknown>; marks?: N[]; content?: N[] }

function inline(nodes: N[] | undefined): string {
  return (nodes ?? [])
    .map((n) => {
      if (n.type === 'text') return marked(n.text ?? '', n.marks ?? [])
      if (n.type === 'mention') return `@${String(n.attrs?.label ?? '')}`
      if (n.type === 'hardBreak') return '  \n'
      if (n.type === 'blob')
        return `[${String(n.attrs?.title ?? n.attrs?.alt ?? 'file')}](${String(n.attrs?.src ?? '')})`
      return inline(n.content)
    })
    .join('')
}

function marked(text: string, marks: N[]): string {
  return marks.reduce((acc, m) => {
    switch (m.type) {
      case 'bold':
        return `**${acc}**`
      case 'italic':
        return `_${acc}_`
      case 'strike':
        return `~~${acc}~~`
      case 'code':
        return `\`${acc}\``
      case 'link':
        return `[${acc}](${String(m.attrs?.href ?? '')})`
      default:
        return acc
    }
  }, text)
}

function block(n: N, prefix = ''): string {
  switch (n.type) {
    case 'heading':
      return `${'#'.repeat(Number(n.attrs?.level ?? 1))} ${inline(n.content)}`
    case 'paragraph':
      return prefix + inline(n.content)
    case 'bulletList':
      return (n.content ?? [])
        .map((li) => `${prefix}- ${(li.content ?? []).map((c) => block(c)).join('\n')}`)
        .join('\n')
    case 'orderedList': {
      const start = Number(n.attrs?.start ?? 1)
      return (n.content ?? [])
        .map((li, i) => `${prefix}${start + i}. ${(li.content ?? []).map((c) => block(c)).join('\n')}`)
        .join('\n')
    }
    case 'codeBlock':
      return '```' + String(n.attrs?.language ?? '') + '\n' + inline(n.content) + '\n```'
    case 'blockquote':
      return (n.content ?? []).map((c) => block(c, '> ')).join('\n')
    case 'horizontalRule':
      return '---'
    default:
      return inline(n.content)
  }
}

export function toMarkdown(doc: unknown): string {
  if (!doc || typeof doc !== 'object') return ''
  return ((doc as N).content ?? []).map((n) => block(n)).join('\n\n')
}

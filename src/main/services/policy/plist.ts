/**
 * A small reader for XML property lists: what `plutil -convert xml1` prints for the managed preferences
 * macOS writes from a configuration profile, and the format of the .mobileconfig example in build/policy.
 * It understands every plist value type; dates become ISO strings and data becomes a Buffer, which the
 * policy loader then rejects as the wrong type. Throws on anything that is not a well-formed plist.
 */

type Token = { kind: 'open' | 'close' | 'empty'; name: string } | { kind: 'text'; text: string }

const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" }

function decodeText(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, entity: string) => {
    if (entity.startsWith('#x') || entity.startsWith('#X'))
      return String.fromCodePoint(Number.parseInt(entity.slice(2), 16))
    if (entity.startsWith('#')) return String.fromCodePoint(Number.parseInt(entity.slice(1), 10))
    const named = entities[entity.toLowerCase()]
    if (named === undefined) throw new Error(`unknown entity ${whole} in the property list`)
    return named
  })
}

function tokenize(xml: string): Token[] {
  const tokens: Token[] = []
  // Prolog, doctype, comments and processing instructions carry nothing a plist value needs.
  const body = xml
    .replace(/<\?[\s\S]*?\?>/g, '')
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<!DOCTYPE[^>]*>/gi, '')
  const tag = /<(\/?)([A-Za-z][\w.-]*)((?:\s+[\w:.-]+\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*(\/?)>/g
  let last = 0
  for (let match = tag.exec(body); match; match = tag.exec(body)) {
    const between = body.slice(last, match.index)
    if (between.includes('<')) throw new Error('the property list is not well-formed XML')
    if (between.trim() !== '') tokens.push({ kind: 'text', text: decodeText(between) })
    const [, closing, name = '', , selfClosing] = match
    tokens.push({ kind: closing ? 'close' : selfClosing ? 'empty' : 'open', name })
    last = tag.lastIndex
  }
  if (tokens.length === 0) throw new Error('this is not a property list (no <plist>)')
  if (body.slice(last).trim() !== '') throw new Error('the property list has text after its end')
  return tokens
}

export function parsePlist(xml: string): unknown {
  const tokens = tokenize(xml)
  let at = 0
  const next = (): Token => {
    const token = tokens[at++]
    if (!token) throw new Error('the property list ends too early')
    return token
  }
  const expectClose = (name: string) => {
    const token = next()
    if (token.kind !== 'close' || token.name !== name) throw new Error(`<${name}> is not closed properly`)
  }
  const textUntilClose = (name: string): string => {
    const token = next()
    if (token.kind === 'close' && token.name === name) return ''
    if (token.kind !== 'text') throw new Error(`<${name}> must contain text`)
    expectClose(name)
    return token.text
  }

  const value = (token: Token): unknown => {
    if (token.kind === 'text' || token.kind === 'close')
      throw new Error('expected a value in the property list')
    if (token.kind === 'empty') {
      switch (token.name) {
        case 'true':
          return true
        case 'false':
          return false
        case 'string':
          return ''
        case 'dict':
          return {}
        case 'array':
          return []
        default:
          throw new Error(`<${token.name}/> is not a property list value`)
      }
    }
    switch (token.name) {
      case 'string':
        return textUntilClose('string')
      case 'integer': {
        const text = textUntilClose('integer').trim()
        if (!/^[+-]?\d+$/.test(text)) throw new Error(`“${text}” is not an integer`)
        return Number(text)
      }
      case 'real': {
        const number = Number(textUntilClose('real').trim())
        if (Number.isNaN(number)) throw new Error('a <real> is not a number')
        return number
      }
      case 'date':
        return new Date(textUntilClose('date').trim()).toISOString()
      case 'data':
        return Buffer.from(textUntilClose('data').replace(/\s+/g, ''), 'base64')
      case 'true':
        expectClose('true')
        return true
      case 'false':
        expectClose('false')
        return false
      case 'array': {
        const items: unknown[] = []
        for (let item = next(); !(item.kind === 'close' && item.name === 'array'); item = next())
          items.push(value(item))
        return items
      }
      case 'dict': {
        const dict: Record<string, unknown> = Object.create(null) as Record<string, unknown>
        for (let key = next(); !(key.kind === 'close' && key.name === 'dict'); key = next()) {
          if (key.kind !== 'open' || key.name !== 'key')
            throw new Error('a <dict> entry must start with <key>')
          const name = textUntilClose('key')
          dict[name] = value(next())
        }
        return dict
      }
      default:
        throw new Error(`<${token.name}> is not a property list value`)
    }
  }

  const root = next()
  if (root.kind !== 'open' || root.name !== 'plist')
    throw new Error('this is not a property list (no <plist>)')
  const result = value(next())
  expectClose('plist')
  if (at !== tokens.length) throw new Error('the property list has more than one top-level value')
  return result
}

import { describe, expect, it } from 'vitest'
import { displayServer, initials, splitLastWord } from './person-display'

describe('initials', () => {
  it('takes the first and last name', () => {
    expect(initials('Ada Lovelace')).toBe('AL')
    expect(initials('Ada King Lovelace')).toBe('AL')
  })

  it('handles one name, extra spaces, accents and punctuation', () => {
    expect(initials('  plato  ')).toBe('P')
    expect(initials('Émile (Zola)')).toBe('ÉZ')
  })

  it('never leaves the circle empty', () => {
    expect(initials('   ')).toBe('?')
    expect(initials('— —')).toBe('?')
  })
})

describe('displayServer', () => {
  it('shows only the host of an https server', () => {
    expect(displayServer('https://app.operately.com')).toBe('app.operately.com')
  })

  it('keeps the scheme of a plain http server so it is not mistaken for a secure one', () => {
    expect(displayServer('http://127.0.0.1:4000')).toBe('http://127.0.0.1:4000')
  })

  it('shows something readable even for a value that is not a URL', () => {
    expect(displayServer('not a url')).toBe('not a url')
  })
})

describe('splitLastWord', () => {
  it('separates the last word, so the text reads the same when joined with a space', () => {
    expect(splitLastWord('Ada King Lovelace')).toEqual({ head: 'Ada King', last: 'Lovelace' })
    expect(splitLastWord('Plato')).toEqual({ head: '', last: 'Plato' })
    expect(splitLastWord(' Ada  Lovelace ')).toEqual({ head: 'Ada ', last: 'Lovelace' })
  })
})

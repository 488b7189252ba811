import { describe, expect, it } from 'vitest'
import { isLosslessNumber, parseJson, portableJson, sameNumber, stringifyJson } from './exact-json'

const TEXT =
  '{"big":12345678901234567890,"spelled":1.0e3,"zeros":2.50,"minusZero":-0,"tiny":0.0000001,' +
  '"plain":[1,-2,3.5,1e-7],"text":"1.0e3 in words","nested":{"id":98765432109876543210}}'

describe('exact JSON', () => {
  it('gives back every number spelled as it was read', () => {
    expect(stringifyJson(parseJson(TEXT))).toBe(TEXT.replace('1e-7', '1e-7'))
  })

  it('keeps ordinary numbers as numbers and only the others as exact numbers', () => {
    const value = parseJson(TEXT) as Record<string, unknown>
    expect((value.plain as unknown[]).slice(0, 3)).toEqual([1, -2, 3.5])
    expect(isLosslessNumber(value.big)).toBe(true)
    expect(isLosslessNumber(value.spelled)).toBe(true)
  })

  it('parses natively when no number could change, with the same result', () => {
    const text = '{"a":[1,2,{"b":"c"}],"d":-3.25}'
    expect(parseJson(text)).toEqual(JSON.parse(text))
  })

  it('cannot be fooled by a string that looks like its marker', () => {
    const value = { text: '\u0000abc:123', n: parseJson('1.0e3') }
    expect(stringifyJson(value)).toBe('{"text":"\\u0000abc:123","n":1.0e3}')
  })

  it('compares numbers by their spelling', () => {
    expect(sameNumber(parseJson('12345678901234567890'), parseJson('12345678901234567890'))).toBe(true)
    expect(sameNumber(parseJson('12345678901234567890'), parseJson('12345678901234567891'))).toBe(false)
    expect(sameNumber(1, 1)).toBe(true)
  })

  it('hands a value with exact numbers over as text, and any other as it is', () => {
    const plain = { a: 1 }
    expect(portableJson(plain)).toEqual({ value: plain })
    expect(portableJson(parseJson('{"a":12345678901234567890}'))).toEqual({
      text: '{"a":12345678901234567890}',
    })
  })

  it('reads a "__proto__" key as an ordinary key, either way: never a prototype, never lost', () => {
    for (const text of ['{"__proto__":{"polluted":1}}', '{"__proto__":{"polluted":1.0}}']) {
      const value = parseJson(text) as Record<string, unknown>
      expect(Object.hasOwn(value, '__proto__')).toBe(true)
      expect(Object.getPrototypeOf(value)).toBe(Object.prototype)
      expect(stringifyJson(value)).toBe(text)
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })

  it('throws on text that is not JSON, either way', () => {
    expect(() => parseJson('{"a":')).toThrow()
    expect(() => parseJson('{"a":1.0e3')).toThrow()
  })
})

import { describe, expect, it } from 'vitest'
import { parsePlist } from './plist'

describe('parsePlist', () => {
  it('reads every value type of an XML property list', () => {
    const xml = `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<plist version="1.0">
<dict>
  <!-- a comment -->
  <key>text</key><string>Tom &amp; Jerry &lt;3 &#x263A; &#65;</string>
  <key>empty</key><string/>
  <key>emptyPair</key><string></string>
  <key>yes</key><true/>
  <key>no</key><false/>
  <key>count</key><integer>-42</integer>
  <key>ratio</key><real>0.5</real>
  <key>when</key><date>2025-01-02T03:04:05Z</date>
  <key>bytes</key><data>
    aGVs
    bG8=
  </data>
  <key>list</key><array><string>a</string><integer>1</integer><array/></array>
  <key>nested</key><dict><key>inner</key><true/></dict>
  <key>none</key><dict/>
</dict>
</plist>`
    expect(parsePlist(xml)).toEqual({
      text: 'Tom & Jerry <3 ☺ A',
      empty: '',
      emptyPair: '',
      yes: true,
      no: false,
      count: -42,
      ratio: 0.5,
      when: '2025-01-02T03:04:05.000Z',
      bytes: Buffer.from('hello'),
      list: ['a', 1, []],
      nested: { inner: true },
      none: {},
    })
  })

  it('refuses what is not a well-formed property list', () => {
    expect(() => parsePlist('{"a": 1}')).toThrow(/not a property list/)
    expect(() => parsePlist('<plist><dict><key>a</key><true/>')).toThrow(/ends too early/)
    expect(() => parsePlist('<plist><dict><string>a</string></dict></plist>')).toThrow(
      /must start with <key>/,
    )
    expect(() => parsePlist('<plist><integer>one</integer></plist>')).toThrow(/not an integer/)
    expect(() => parsePlist('<plist><string>&bogus;</string></plist>')).toThrow(/unknown entity/)
    expect(() => parsePlist('<plist><string>a</string><string>b</string></plist>')).toThrow(
      /not closed properly/,
    )
    expect(() => parsePlist('<plist><thing/></plist>')).toThrow(/not a property list value/)
  })
})

import { describe, expect, it } from 'vitest'
import { fileURLToPath } from 'node:url'
import { separateUnitSeconds, slowestTests, timingReport } from './ci-timing.mjs'

// The repository's root, as vitest names its files (absolute); the table names them from the root.
const root = fileURLToPath(new URL('..', import.meta.url))

// The table at the end of `npm test`: read from the runners' own JSON reports, in the shapes they write.

const vitest = {
  testResults: [
    {
      name: `${root}scripts/soak/soak.test.ts`,
      startTime: 1_000,
      endTime: 151_000,
      assertionResults: [{ fullName: 'the soak loses nothing', duration: 149_500 }],
    },
    {
      name: `${root}src/main/services/outbox/crash/crash-safety.test.ts`,
      startTime: 2_000,
      endTime: 32_000,
      assertionResults: [
        { fullName: 'a kill mid-write', duration: 20_000 },
        { fullName: 'a kill mid-rename', duration: 9_000 },
      ],
    },
    {
      name: `${root}src/shared/ids.test.ts`,
      startTime: 3_000,
      endTime: 3_050,
      assertionResults: [{ fullName: 'ids › compare by the last segment', duration: 2 }],
    },
  ],
}
const playwright = {
  suites: [
    {
      title: 'inbox-round.spec.ts',
      specs: [
        // Retried once: the run paid for both tries.
        { title: 'the weekly round', tests: [{ results: [{ duration: 30_000 }, { duration: 25_000 }] }] },
        { title: 'a quick one', tests: [{ results: [{ duration: 900 }] }] },
      ],
      suites: [{ title: 'nested', specs: [{ title: 'deep', tests: [{ results: [{ duration: 40_000 }] }] }] }],
    },
  ],
}

describe('where a CI run’s time goes', () => {
  it('times the soak and the crash-safety files apart from the other unit tests', () => {
    expect(separateUnitSeconds(vitest)).toEqual({ soak: 150, 'crash-safety': 30 })
    expect(separateUnitSeconds(null)).toEqual({})
  })

  it('names the slowest tests of both runners, a retried one with all its tries, nested titles in full', () => {
    const slowest = slowestTests(vitest, playwright, 4)
    expect(slowest.map((t) => [t.runner, t.title, t.seconds])).toEqual([
      ['unit', 'scripts/soak/soak.test.ts › the soak loses nothing', 149.5],
      ['e2e', 'inbox-round.spec.ts › the weekly round', 55],
      ['e2e', 'inbox-round.spec.ts › nested › deep', 40],
      ['unit', 'src/main/services/outbox/crash/crash-safety.test.ts › a kill mid-write', 20],
    ])
    expect(slowestTests(null, null)).toEqual([])
  })

  it('prints the parts in order with their total (parts inside another not counted twice), then the tests', () => {
    const report = timingReport(
      [
        ['install', 60],
        ['unit', 300],
        ['soak', 150, '(a unit test file, beside the others)'],
        ['e2e', 600],
      ],
      slowestTests(vitest, playwright, 1),
    )
    expect(report.split('\n')).toEqual([
      '',
      'Where the time went:',
      '  install    60.0 s',
      '  unit      300.0 s',
      '  soak      150.0 s  (a unit test file, beside the others)',
      '  e2e       600.0 s',
      '  total     960.0 s',
      '',
      'The 1 slowest tests:',
      '    149.5 s  unit  scripts/soak/soak.test.ts › the soak loses nothing',
    ])
  })
})

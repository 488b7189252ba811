/**
 * `npm run soak [-- --seed N] [--writes N] [--kills N] [--rate R]`: the chaos soak, long profile by
 * default (10,000 writes, 200 kills). Prints the seed first and one table at the end; exits 1 when any
 * write was duplicated or lost. Replay a failing run with the seed it printed.
 */
import { parseArgs } from 'node:util'
import { formatReport, runSoak } from './soak'

const USAGE = 'Usage: npm run soak -- [--seed N] [--writes 10000] [--kills 200] [--rate 0.06]'
const { values } = parseArgs({
  options: {
    seed: { type: 'string' },
    writes: { type: 'string', default: '10000' },
    kills: { type: 'string', default: '200' },
    rate: { type: 'string', default: '0.06' },
    help: { type: 'boolean', short: 'h', default: false },
  },
})
if (values.help) {
  console.log(USAGE)
  process.exit(0)
}
const seed = values.seed === undefined ? Math.floor(Math.random() * 2 ** 31) : Number(values.seed)
const writes = Number(values.writes)
const kills = Number(values.kills)
const rate = Number(values.rate)
if (![seed, writes, kills].every(Number.isSafeInteger) || !(rate >= 0 && rate <= 1)) {
  console.error(USAGE)
  process.exit(2)
}
console.log(`Soak seed ${seed}: ${writes} writes, ${kills} kills, fault rate ${rate}`)
const report = await runSoak({ seed, writes, kills, faultRate: rate, progress: (line) => console.log(line) })
console.log(
  formatReport(report, `npm run soak -- --seed ${seed} --writes ${writes} --kills ${kills} --rate ${rate}`),
)
process.exit(report.ok ? 0 : 1)
